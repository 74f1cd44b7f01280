/** Environment variables that can carry secrets (and the few settings a CI wants out of the command line). */
export const ENV = {
  baseUrl: 'CONFORM_BASE_URL',
  community: 'CONFORM_COMMUNITY',
  token: 'CONFORM_TOKEN',
  appId: 'CONFORM_APP_ID',
  appSecret: 'CONFORM_APP_SECRET',
  userToken: 'CONFORM_USER_TOKEN',
  season: 'CONFORM_SEASON',
  clientSecret: 'CONFORM_CLIENT_SECRET',
  otherCommunity: 'CONFORM_OTHER_COMMUNITY',
  otherGroupId: 'CONFORM_OTHER_GROUP_ID',
  otherAppId: 'CONFORM_OTHER_APP_ID',
  otherAppSecret: 'CONFORM_OTHER_APP_SECRET',
} as const;
