// The interactive reference of the running mock: Swagger UI on the mock's own /openapi.json.
// Authorize runs the mock's OAuth login (authorization code + PKCE, public client app-agenda-familia) in a
// popup; the token it gets is also used as the bearer token of every other operation, so "Try it out"
// works with it. The session field adds X-Mock-Session to every call.
(function () {
  'use strict';
  // This script is served beside the page's own files, under whatever path the mock is mounted at (/docs or
  // /api/docs): URLs are taken relative to it, never from the origin's root.
  var HERE = document.currentScript.src.replace(/[^/]*$/, '');
  var SESSION_KEY = 'edu-mock.session';
  var input = document.getElementById('mock-session');
  var fromUrl = new URLSearchParams(location.search).get('session');
  input.value = fromUrl || sessionStorage.getItem(SESSION_KEY) || '';
  input.addEventListener('input', function () {
    sessionStorage.setItem(SESSION_KEY, input.value.trim());
  });

  // After an OAuth login, authorize bearerAuth with the same access token (operations 2 to 8 use it).
  function bearerFromOAuth() {
    return {
      statePlugins: {
        auth: {
          wrapActions: {
            authorizeOauth2: function (original, system) {
              return function (payload) {
                var result = original(payload);
                var token = payload && payload.token && payload.token.access_token;
                var schema = system.specSelectors.securityDefinitions() && system.specSelectors.securityDefinitions().get('bearerAuth');
                if (token && schema) system.authActions.authorize({ bearerAuth: { name: 'bearerAuth', schema: schema, value: token } });
                return result;
              };
            },
          },
        },
      },
    };
  }

  window.ui = SwaggerUIBundle({
    // The contract with Try it out's starting values from this mock's data (GET /openapi.json is the contract as written).
    url: HERE + 'openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [bearerFromOAuth],
    layout: 'BaseLayout',
    // Never ask validator.swagger.io (or anything else off this machine) about the spec.
    validatorUrl: null,
    oauth2RedirectUrl: HERE + 'oauth2-redirect.html',
    persistAuthorization: true,
    displayRequestDuration: true,
    tryItOutEnabled: true,
    requestInterceptor: function (request) {
      var session = input.value.trim();
      // The OAuth endpoints stay in the default session: the consent page, a browser navigation, cannot carry the header.
      if (session && !/\/oauth\//.test(request.url)) request.headers['X-Mock-Session'] = session;
      return request;
    },
  });
  window.ui.initOAuth({
    clientId: 'app-agenda-familia',
    appName: 'Contract mock API docs',
    scopes: 'openid profile fullname related.members related.members.groups',
    usePkceWithAuthorizationCodeGrant: true,
  });
})();
