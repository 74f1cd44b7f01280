/**
 * Generated from spec/openapi.yaml by scripts/generateTypes.ts (openapi-typescript). Do not edit by hand:
 * change the spec and run `npm run generate:types`; `npm test` fails when this file is stale.
 */

export interface paths {
    "/v1/oauth/user/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * User information
         * @description Information about the authenticated user and, optionally, the related members (students), groups and
         *     community. The result contains only the parts that the app's scopes and `includes` allow.
         *
         *     Which `user` keys each scope shows is decided here (`x-user-keys-by-scope`):
         *     `openid` shows `id`; `profile` shows `lastSeenAt`, `createdAt`, `UpdatedAt`, `Alias`, `roles` and
         *     `permissions`; `fullname` adds `name`; `email` adds `email`. `community` needs `includes=community` and
         *     the `related.communities` scope; `groups` needs `includes=groups` and `related.groups`; `Members` needs
         *     `includes=members` and `related.members`, and each member's `groups` needs `related.members.groups`.
         *
         *     Decided here: `user` is left out when no granted scope shows any of its keys; `community` is the user's
         *     own community; `groups` are the active groups the user administers and, for a student, the groups its
         *     own member is enrolled in (with `enrollment`); a guardian's children's groups are under
         *     `Members[].groups`. A development token of the mock grants every scope; an app token
         *     (client_credentials) gets 403 insufficient_scope.
         */
        get: operations["getUserInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List groups
         * @description The community's groups, ordered by creation date (oldest first) unless `sort` says otherwise.
         *     Filters combine with AND. Paging is by `page` and `limit` (decided here).
         */
        get: operations["listGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search groups
         * @description Free-text search in `q` (a group name or identifier) plus filters. `total` counts every match; `hits`
         *     holds one page of them (paging decided here, as in the list).
         */
        get: operations["searchGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** View group */
        get: operations["getGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/appmaker/apps/{appId}/installations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View installations of an app
         * @description The active installations of the app. Decided here (`x-visibility`): only those in the communities
         *     the token may act in, ordered by community.
         */
        get: operations["listAppInstallations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/appmaker/apps/{appId}/installations/{community}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update installation
         * @description Updates the installation of the app in the community. Decided here: the client may change `active`,
         *     `contactInfo`, `consentedFeatures` and `requiresManualUpdate`; every other key is managed by the platform
         *     (`readOnly`) and may be sent back unchanged, so a read-modify-write round-trips. Sending a different
         *     value for a managed key is refused with 422 and changes nothing. Turning `active` on stamps `activatedAt`.
         */
        put: operations["updateAppInstallation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/appmaker/apps/{appId}/installations/{community}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve installation
         * @description Approves the installation of a manually approved app in the given community, and returns the app's
         *     manifest. Decided here: the installation must be `pending_approval`; approving sets `status` to
         *     `installed`, `approved` and `active` to true, and stamps `approvedAt`, `approvedBy` (the caller) and
         *     `activatedAt`. Approving an installation that is not pending, or one of an app whose approval is not
         *     `manual`, is a 409.
         */
        post: operations["approveAppInstallation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/sync/{syncRunId}/uploadEntities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload synchronization entities
         * @description Receives groups, members, users and components from an external management system in a
         *     synchronization run. Decided here (`x-sync-semantics`): the whole body is validated before anything is
         *     stored; entities are upserted by `alias` within the community; `active: false` deactivates an entity
         *     and never deletes it; each `removeUnlisted*` flag unlinks, on the listed groups (or members), the
         *     relations the upload does not list and never deletes an entity; `syncedAt` and `updatedAt` are stamped.
         */
        post: operations["uploadSyncEntities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/@platform:data:Users:getUpdatedAfter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Data action: updated users
         * @description Provides the community's users, for a season, updated after a given instant. Credential: the
         *     app-specific `secret` in the body (`x-credential`). Decided here: `data.season` selects the users linked
         *     to a group of that season (as admin, or as a guardian or student of an enrolled member); records come
         *     oldest first, at most `data.limit`.
         */
        post: operations["getUpdatedUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/@platform:data:Components:getUpdatedAfter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Data action: updated components
         * @description Provides the community's components, for a season, updated after a given instant. Same request as the
         *     users action. Decided here: `data.season` selects the components linked to a group of that season;
         *     records come oldest first, at most `data.limit`.
         */
        post: operations["getUpdatedComponents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization server metadata (RFC 8414) */
        get: operations["getAuthorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization endpoint ({auth_url})
         * @description RFC 6749 §4.1.1 authorization request. Shows a login-and-consent page, or, with `prompt=none` and
         *     `login_hint`, logs the hinted user in and approves without it. Only `response_type=code` is accepted.
         *     PKCE (RFC 7636, S256) is required for a client without a secret. Errors go back to `redirect_uri` as
         *     RFC 6749 §4.1.2.1 says, except a bad `client_id` or `redirect_uri`, which are shown on the page.
         */
        get: operations["authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token endpoint ({token_url})
         * @description RFC 6749 §3.2 token request, form-encoded. Grants: `authorization_code` (with `redirect_uri` and, for
         *     PKCE, `code_verifier`), `refresh_token`, `client_credentials` (app tokens for operations 2 to 8 in the
         *     communities where the app is installed and active). Client authentication: client_secret_basic,
         *     client_secret_post, or none with PKCE. Codes are single-use; re-using one revokes the tokens issued
         *     from it.
         */
        post: operations["token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A group (class) of a community. Stored groups may carry keys this schema does not name. */
        Group: {
            /** @description Identifier of the group document */
            _id?: string;
            /** @description Class identifier, unique within the community */
            alias?: string;
            /** @description Creation time (UTC corrected to the community time zone) */
            createdAt?: string;
            /** @description Last modification time (UTC corrected to the community time zone) */
            updatedAt?: string;
            /** @description Identifier of the group's community */
            community?: string;
            /** @description Group name */
            name: string;
            tags?: components["schemas"]["GroupTag"][];
            admins?: components["schemas"]["GroupAdmin"][];
            /** @description true = active; false = deleted (deleting a group sets it to false) */
            active?: boolean;
            /** @description Last time the group was modified through the synchronization route */
            syncedAt?: string;
            /** @description Season (usually the school year) */
            season?: string;
            fields?: components["schemas"]["GroupFields"];
        };
        GroupTag: {
            id?: string;
            name?: string;
        };
        GroupAdmin: {
            /** @description User id */
            user?: string;
        };
        /** @description Community-specific custom fields, a key per namespace; they vary by community and by installed apps. */
        GroupFields: {
            "@education:basic"?: components["schemas"]["EducationBasicGroupFields"];
        } & {
            [key: string]: {
                [key: string]: unknown;
            };
        };
        EducationBasicGroupFields: {
            tipo?: components["schemas"]["IdLabel"];
            nivel?: components["schemas"]["IdLabel"];
            periodo?: string;
        };
        IdLabel: {
            _id?: string;
            label?: string;
        };
        GroupSearchResult: {
            /** @description Number of matches (all pages) */
            total?: number;
            hits?: components["schemas"]["Group"][];
        };
        /** @description An installation of an app in a community. Keys marked readOnly are managed by the platform. */
        AppInstallation: {
            manifest?: components["schemas"]["AppManifest"];
            readonly approved?: boolean;
            readonly approvedAt?: string;
            readonly approvedBy?: string;
            active?: boolean;
            readonly activatedAt?: string;
            readonly installed?: boolean;
            /** @description A boolean, as the API description shows it. */
            readonly installedBy?: boolean;
            readonly uninstalledAt?: string;
            readonly uninstalledBy?: string;
            readonly uninstalledReason?: string;
            readonly pendingUpdate?: boolean;
            readonly pendingUpdateSince?: string;
            requiresManualUpdate?: boolean;
            /**
             * @description Known values (not a closed set): `pending_approval` (shown in the description); `installed`,
             *     `uninstalled`, `pending_update` (seen in production).
             * @example pending_approval
             */
            readonly status?: string;
            consentedFeatures?: components["schemas"]["ConsentedFeature"][];
            contactInfo?: components["schemas"]["ContactInfo"];
        };
        ConsentedFeature: {
            id?: string;
            consentedAt?: string;
        };
        ContactInfo: {
            name?: string;
            telephone?: string;
            message?: string;
        };
        /** @description The manifest of an app. */
        AppManifest: {
            /** @description App id */
            id?: string;
            /**
             * @description Known values (not a closed set) `automatic` (shown) and `manual` (approved through the approve operation).
             * @example automatic
             */
            approval?: string;
            /**
             * @description Known value (not a closed set) `public`.
             * @example public
             */
            visibility?: string;
            displayName?: string;
            description?: string;
            icon?: components["schemas"]["ManifestIcon"];
            createdAt?: string;
            updatedAt?: string;
            api?: components["schemas"]["ManifestApi"];
            portals?: components["schemas"]["ManifestPortals"];
            services?: components["schemas"]["ManifestServices"];
            oauth?: components["schemas"]["ManifestOAuth"];
            roles?: components["schemas"]["ManifestRoles"];
        };
        ManifestIcon: {
            url?: string;
            width?: number;
            height?: number;
        };
        ManifestApi: {
            enabled?: boolean;
            roles?: {
                value?: string;
                reason?: string;
            }[];
        };
        ManifestPortals: {
            enabled?: boolean;
            data?: components["schemas"]["Portal"][];
        };
        Portal: {
            oauth?: components["schemas"]["ManifestOAuth"];
            origins?: string[];
            placement?: string[];
            features?: string[];
            alias?: string;
            title?: string;
            /** @description URL */
            location?: string;
            action?: string;
            /** @description URL */
            icon?: string;
        };
        ManifestServices: {
            enabled?: boolean;
            requests?: {
                action?: string;
                reason?: string;
            }[];
            responds?: {
                action?: string;
                reason?: string;
                url?: string;
            }[];
        };
        ManifestOAuth: {
            enabled?: boolean;
            scopes?: string[];
            response_type?: string;
            grant?: string;
        };
        ManifestRoles: {
            enabled?: boolean;
            data?: components["schemas"]["Role"][];
        };
        Role: {
            title?: string;
            value?: string;
            group?: string;
            /** @description Spelled this way in the interface. */
            incudes?: string[][];
            includedIn?: string[][];
            pinned?: boolean;
        };
        /** @description Keys are case-sensitive; `Members` and the user's `UpdatedAt` and `Alias` are spelled as in the interface. */
        UserInfo: {
            user?: components["schemas"]["UserInfoUser"];
            community?: components["schemas"]["UserInfoCommunity"];
            groups?: components["schemas"]["GroupSummary"][];
            Members?: components["schemas"]["UserInfoMember"][];
        };
        UserInfoUser: {
            lastSeenAt?: string;
            id?: string;
            createdAt?: string;
            UpdatedAt?: string;
            Alias?: string;
            roles?: string[];
            permissions?: string[];
            /** @description Shown with the `fullname` scope (decided here). */
            name?: string;
            /** @description Shown with the `email` scope (decided here). */
            email?: string;
        };
        UserInfoCommunity: {
            color?: string;
            community?: string;
            icon?: string;
            name?: string;
        };
        GroupSummary: {
            id?: string;
            name?: string;
            alias?: string;
            createdAt?: string;
            updatedAt?: string;
            /** @description A number here, a string in the Group resource. */
            season?: number;
            enrollment?: components["schemas"]["Enrollment"];
        };
        Enrollment: {
            id?: string;
            /**
             * @description Known value (not a closed set) `member`.
             * @example member
             */
            kind?: string;
            entity?: string;
            group?: string;
            createdAt?: string;
            updatedAt?: string;
        };
        UserInfoMember: {
            name?: string;
            createdAt?: string;
            updatedAt?: string;
            alias?: string;
            id?: string;
            groups?: components["schemas"]["GroupSummary"][];
        };
        /**
         * @description The upload body. The description lists the four keys without marking any required, so a run may upload
         *     one kind of entity at a time. Unknown keys are reported back as warnings, not rejected.
         */
        SyncUpload: {
            groups?: {
                data?: components["schemas"]["SyncGroupEntry"][];
                removeUnlistedAdmins?: boolean;
                removeUnlistedComponents?: boolean;
                removeUnlistedEnrollments?: boolean;
                removeUnlistedTags?: boolean;
            };
            members?: {
                data?: components["schemas"]["SyncMemberEntry"][];
                removeUnlistedUsers?: boolean;
            };
            users?: {
                data?: components["schemas"]["SyncUserEntry"][];
            };
            components?: {
                data?: components["schemas"]["SyncComponentEntry"][];
            };
        };
        SyncGroupEntry: {
            alias?: string;
            name?: string;
            members?: string[][];
            adminsSet?: string[][];
            admins?: {
                email?: string;
                alias?: string;
                components?: string[];
            }[];
            components?: string[][];
            tags?: string[];
            /** @description Keyed by namespace; here the namespace is spelled `education:basic`, without the `@`. */
            fields?: {
                "education:basic"?: {
                    tipo?: string;
                    nivel?: string;
                    periodo?: string[];
                };
            } & {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
            season?: string;
            active?: boolean;
        };
        SyncMemberEntry: {
            active?: boolean;
            users?: string[];
            alias?: string;
            birth?: string;
            name?: string;
        };
        SyncUserEntry: {
            active?: boolean;
            alias?: string;
            name?: string;
            email?: string;
            birth?: string;
            rolesSet?: components["schemas"]["RolesSet"];
        };
        RolesSet: {
            student?: boolean;
            guardian?: boolean;
            professor?: boolean;
            /** @description Spelled this way in the interface. */
            coordenator?: boolean;
            admin?: boolean;
        };
        /** @description The users data action's roles: "`rolesSet` object with booleans `student`, `guardian`, `professor`, `coordenator` and optionally `admin`", so the four are required and `admin` is not. */
        DataActionRolesSet: {
            student: boolean;
            guardian: boolean;
            professor: boolean;
            /** @description Spelled this way in the interface. */
            coordenator: boolean;
            admin?: boolean;
        };
        SyncComponentEntry: {
            active?: boolean;
            alias?: string;
            name?: string;
            /** @description Keyed by namespace; here the namespace is spelled `@education:basic`. */
            fields?: {
                "@education:basic"?: {
                    inep?: string;
                };
            } & {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description The upload response body (decided here). */
        SyncUploadReceipt: {
            syncRunId?: string;
            received?: {
                groups?: number;
                members?: number;
                users?: number;
                components?: number;
            };
            warnings?: {
                /** @description JSON Pointer into the request body */
                path: string;
                message: string;
            }[];
        };
        DataActionRequest: {
            context: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC
                 */
                issuedAt?: string;
                /** @description Action name */
                action?: string;
                community?: string;
            };
            /** @description The secret key specific to the app. It is the data actions' credential. */
            secret: string;
            data?: {
                syncProfileId?: string;
                syncRunId?: string;
                season?: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC instant
                 */
                after?: string;
                /** @description Maximum number of records (decided here; production reads it so). At least 1. */
                limit?: number;
            };
        };
        UpdatedUsersResponse: {
            data: components["schemas"]["DataActionUser"][];
        };
        DataActionUser: {
            active?: boolean;
            alias?: string;
            name?: string;
            email?: string;
            rolesSet?: components["schemas"]["DataActionRolesSet"];
            fields?: {
                [key: string]: string;
            };
            address?: {
                code?: string;
                state?: string;
                city?: string;
                district?: string;
                address?: string;
                complement?: string;
                number?: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            updatedAt?: string;
        };
        UpdatedComponentsResponse: {
            data: components["schemas"]["DataActionComponent"][];
        };
        DataActionComponent: {
            active?: boolean;
            alias?: string;
            name?: string;
            fields?: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            updatedAt?: string;
        };
        /** @description RFC 9457 problem details (decided here). */
        Problem: {
            /** Format: uri-reference */
            type?: string;
            title: string;
            status: number;
            detail?: string;
            instance?: string;
            /** @description Machine-readable error code */
            code?: string;
            errors?: {
                /** @description path, query, header or body */
                in?: string;
                /** @description Parameter name or JSON Pointer into the body */
                path?: string;
                /** @description The schema keyword that failed */
                rule?: string;
                message: string;
            }[];
        };
        TokenRequest: {
            grant_type: string;
            code?: string;
            redirect_uri?: string;
            code_verifier?: string;
            refresh_token?: string;
            client_id?: string;
            client_secret?: string;
            scope?: string;
            /** @description client_credentials only; restricts the token to one community. */
            community?: string;
        };
        TokenResponse: {
            access_token: string;
            token_type: string;
            expires_in?: number;
            scope?: string;
            refresh_token?: string;
        };
        OAuthError: {
            error: string;
            error_description?: string;
            error_uri?: string;
        };
        AuthorizationServerMetadata: {
            issuer: string;
            authorization_endpoint?: string;
            token_endpoint?: string;
            response_types_supported: string[];
            grant_types_supported?: string[];
            code_challenge_methods_supported?: string[];
            token_endpoint_auth_methods_supported?: string[];
            scopes_supported?: string[];
            response_modes_supported?: string[];
            authorization_response_iss_parameter_supported?: boolean;
        };
    };
    responses: {
        /** @description The request breaks the contract; `errors` names each offending parameter or JSON path (decided here). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No bearer token, or one that is malformed, unknown or expired (decided here, RFC 6750 §3.1). */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The token is valid but not for this community or this operation (decided here). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such resource in this community (decided here). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The resource is not in a state that allows the operation (decided here). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is well-formed but asks for a change the operation does not allow (decided here). */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is not application/json (decided here). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The `secret` is not the secret of an app installed in `context.community`; no data is returned (decided here). */
        DataActionUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description RFC 6749 §5.2 error response. */
        OAuthError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
    };
    parameters: {
        /**
         * @description Identifier of the community.
         * @example colegio-horizonte
         */
        CommunityId: string;
        /**
         * @description Community identifier.
         * @example colegio-horizonte
         */
        CommunityPath: string;
        /**
         * @description App id.
         * @example app-diario-escolar
         */
        AppId: string;
        /**
         * @description Creation date of the document. Decided here: a calendar date (`2026-01-15`, RFC 3339 `full-date`)
         *     matches the groups created that day (UTC); a date-time (RFC 3339 `date-time`) matches the groups created
         *     at exactly that instant. Anything else, an impossible calendar date (`2026-02-30`, `2026-13-45`)
         *     included, is a 400.
         * @example 2026-01-15
         */
        CreatedAtFilter: string | unknown | unknown;
        /**
         * @description true = active documents, false = deleted ones.
         * @example true
         */
        ActiveFilter: boolean;
        /**
         * @description Name (exact match).
         * @example 7º Ano A - Matutino
         */
        NameFilter: string;
        /**
         * @description Id of one of the group's administrators.
         * @example 64b7f0c2a1e4d93b5c0f1a90
         */
        AdminsUserFilter: string;
        /**
         * @description Season (usually the school year).
         * @example 2026
         */
        SeasonFilter: string;
        /**
         * @description Sorting. Decided here: comma-separated keys among `createdAt`, `updatedAt`, `name`, `alias`, each
         *     ascending or, with a leading `-`, descending; ties break on `_id`. Default `createdAt`.
         * @example -updatedAt,name
         */
        Sort: string;
        /**
         * @description Page number, from 1 (decided here).
         * @example 2
         */
        Page: number;
        /**
         * @description Page size, 1 to 1000, default 100 (decided here).
         * @example 20
         */
        Limit: number;
    };
    requestBodies: never;
    headers: {
        /** @description Number of groups matching the filters, across all pages (decided here). */
        XTotalCount: number;
        /** @description RFC 6750 §3 challenge. */
        WWWAuthenticate: string;
    };
    pathItems: never;
}
export type Group = components['schemas']['Group'];
export type GroupTag = components['schemas']['GroupTag'];
export type GroupAdmin = components['schemas']['GroupAdmin'];
export type GroupFields = components['schemas']['GroupFields'];
export type EducationBasicGroupFields = components['schemas']['EducationBasicGroupFields'];
export type IdLabel = components['schemas']['IdLabel'];
export type GroupSearchResult = components['schemas']['GroupSearchResult'];
export type AppInstallation = components['schemas']['AppInstallation'];
export type ConsentedFeature = components['schemas']['ConsentedFeature'];
export type ContactInfo = components['schemas']['ContactInfo'];
export type AppManifest = components['schemas']['AppManifest'];
export type ManifestIcon = components['schemas']['ManifestIcon'];
export type ManifestApi = components['schemas']['ManifestApi'];
export type ManifestPortals = components['schemas']['ManifestPortals'];
export type Portal = components['schemas']['Portal'];
export type ManifestServices = components['schemas']['ManifestServices'];
export type ManifestOAuth = components['schemas']['ManifestOAuth'];
export type ManifestRoles = components['schemas']['ManifestRoles'];
export type Role = components['schemas']['Role'];
export type UserInfo = components['schemas']['UserInfo'];
export type UserInfoUser = components['schemas']['UserInfoUser'];
export type UserInfoCommunity = components['schemas']['UserInfoCommunity'];
export type GroupSummary = components['schemas']['GroupSummary'];
export type Enrollment = components['schemas']['Enrollment'];
export type UserInfoMember = components['schemas']['UserInfoMember'];
export type SyncUpload = components['schemas']['SyncUpload'];
export type SyncGroupEntry = components['schemas']['SyncGroupEntry'];
export type SyncMemberEntry = components['schemas']['SyncMemberEntry'];
export type SyncUserEntry = components['schemas']['SyncUserEntry'];
export type RolesSet = components['schemas']['RolesSet'];
export type DataActionRolesSet = components['schemas']['DataActionRolesSet'];
export type SyncComponentEntry = components['schemas']['SyncComponentEntry'];
export type SyncUploadReceipt = components['schemas']['SyncUploadReceipt'];
export type DataActionRequest = components['schemas']['DataActionRequest'];
export type UpdatedUsersResponse = components['schemas']['UpdatedUsersResponse'];
export type DataActionUser = components['schemas']['DataActionUser'];
export type UpdatedComponentsResponse = components['schemas']['UpdatedComponentsResponse'];
export type DataActionComponent = components['schemas']['DataActionComponent'];
export type Problem = components['schemas']['Problem'];
export type TokenRequest = components['schemas']['TokenRequest'];
export type TokenResponse = components['schemas']['TokenResponse'];
export type OAuthError = components['schemas']['OAuthError'];
export type AuthorizationServerMetadata = components['schemas']['AuthorizationServerMetadata'];
export type ResponseBadRequest = components['responses']['BadRequest'];
export type ResponseUnauthorized = components['responses']['Unauthorized'];
export type ResponseForbidden = components['responses']['Forbidden'];
export type ResponseNotFound = components['responses']['NotFound'];
export type ResponseConflict = components['responses']['Conflict'];
export type ResponseUnprocessable = components['responses']['Unprocessable'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ResponseDataActionUnauthorized = components['responses']['DataActionUnauthorized'];
export type ResponseOAuthError = components['responses']['OAuthError'];
export type ParameterCommunityId = components['parameters']['CommunityId'];
export type ParameterCommunityPath = components['parameters']['CommunityPath'];
export type ParameterAppId = components['parameters']['AppId'];
export type ParameterCreatedAtFilter = components['parameters']['CreatedAtFilter'];
export type ParameterActiveFilter = components['parameters']['ActiveFilter'];
export type ParameterNameFilter = components['parameters']['NameFilter'];
export type ParameterAdminsUserFilter = components['parameters']['AdminsUserFilter'];
export type ParameterSeasonFilter = components['parameters']['SeasonFilter'];
export type ParameterSort = components['parameters']['Sort'];
export type ParameterPage = components['parameters']['Page'];
export type ParameterLimit = components['parameters']['Limit'];
export type HeaderXTotalCount = components['headers']['XTotalCount'];
export type HeaderWwwAuthenticate = components['headers']['WWWAuthenticate'];
export type $defs = Record<string, never>;
export interface operations {
    getUserInfo: {
        parameters: {
            query?: {
                /** @description Comma-separated list of `members`, `groups`, `community`. Related members, groups or community are returned only when requested here and the app's scopes allow it. */
                includes?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user-info shape, filtered by the granted scopes and `includes`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listGroups: {
        parameters: {
            query?: {
                /**
                 * @description Creation date of the document. Decided here: a calendar date (`2026-01-15`, RFC 3339 `full-date`)
                 *     matches the groups created that day (UTC); a date-time (RFC 3339 `date-time`) matches the groups created
                 *     at exactly that instant. Anything else, an impossible calendar date (`2026-02-30`, `2026-13-45`)
                 *     included, is a 400.
                 * @example 2026-01-15
                 */
                createdAt?: components["parameters"]["CreatedAtFilter"];
                /**
                 * @description true = active documents, false = deleted ones.
                 * @example true
                 */
                active?: components["parameters"]["ActiveFilter"];
                /**
                 * @description Name (exact match).
                 * @example 7º Ano A - Matutino
                 */
                name?: components["parameters"]["NameFilter"];
                /**
                 * @description Id of one of the group's administrators.
                 * @example 64b7f0c2a1e4d93b5c0f1a90
                 */
                "admins.user"?: components["parameters"]["AdminsUserFilter"];
                /**
                 * @description Season (usually the school year).
                 * @example 2026
                 */
                season?: components["parameters"]["SeasonFilter"];
                /**
                 * @description Sorting. Decided here: comma-separated keys among `createdAt`, `updatedAt`, `name`, `alias`, each
                 *     ascending or, with a leading `-`, descending; ties break on `_id`. Default `createdAt`.
                 * @example -updatedAt,name
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description Page number, from 1 (decided here).
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Page size, 1 to 1000, default 100 (decided here).
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header: {
                /**
                 * @description Identifier of the community.
                 * @example colegio-horizonte
                 */
                "community-id": components["parameters"]["CommunityId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of groups, ordered by creation date. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["XTotalCount"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    searchGroups: {
        parameters: {
            query?: {
                /**
                 * @description Creation date of the document. Decided here: a calendar date (`2026-01-15`, RFC 3339 `full-date`)
                 *     matches the groups created that day (UTC); a date-time (RFC 3339 `date-time`) matches the groups created
                 *     at exactly that instant. Anything else, an impossible calendar date (`2026-02-30`, `2026-13-45`)
                 *     included, is a 400.
                 * @example 2026-01-15
                 */
                createdAt?: components["parameters"]["CreatedAtFilter"];
                /**
                 * @description true = active documents, false = deleted ones.
                 * @example true
                 */
                active?: components["parameters"]["ActiveFilter"];
                /**
                 * @description Name (exact match).
                 * @example 7º Ano A - Matutino
                 */
                name?: components["parameters"]["NameFilter"];
                /**
                 * @description Id of one of the group's administrators.
                 * @example 64b7f0c2a1e4d93b5c0f1a90
                 */
                "admins.user"?: components["parameters"]["AdminsUserFilter"];
                /**
                 * @description Season (usually the school year).
                 * @example 2026
                 */
                season?: components["parameters"]["SeasonFilter"];
                /**
                 * @description Group identifier (exact match).
                 * @example 2026-EF2-7A
                 */
                alias?: string;
                /**
                 * @description Search text: a group name or identifier. Matching (decided here) is case- and accent-insensitive,
                 *     on a substring of the name or the alias.
                 * @example 7º ano
                 */
                q?: string;
                /**
                 * @description Page number, from 1 (decided here).
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Page size, 1 to 1000, default 100 (decided here).
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
            };
            header: {
                /**
                 * @description Identifier of the community.
                 * @example colegio-horizonte
                 */
                "community-id": components["parameters"]["CommunityId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matches. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupSearchResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getGroup: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the community.
                 * @example colegio-horizonte
                 */
                "community-id": components["parameters"]["CommunityId"];
            };
            path: {
                /**
                 * @description Identifier (`_id`) of the group.
                 * @example 64b7f0c2a1e4d93b5c0f2c10
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listAppInstallations: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the community.
                 * @example colegio-horizonte
                 */
                "community-id": components["parameters"]["CommunityId"];
            };
            path: {
                /**
                 * @description App id.
                 * @example app-diario-escolar
                 */
                appId: components["parameters"]["AppId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of active installations of the app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppInstallation"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateAppInstallation: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the community.
                 * @example colegio-horizonte
                 */
                "community-id": components["parameters"]["CommunityId"];
            };
            path: {
                /**
                 * @description App id.
                 * @example app-diario-escolar
                 */
                appId: components["parameters"]["AppId"];
                /**
                 * @description Community identifier.
                 * @example colegio-horizonte
                 */
                community: components["parameters"]["CommunityPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppInstallation"];
            };
        };
        responses: {
            /** @description The installation, updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppInstallation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
        };
    };
    approveAppInstallation: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the community.
                 * @example colegio-horizonte
                 */
                "community-id": components["parameters"]["CommunityId"];
            };
            path: {
                /**
                 * @description App id.
                 * @example app-diario-escolar
                 */
                appId: components["parameters"]["AppId"];
                /**
                 * @description Community identifier.
                 * @example colegio-horizonte
                 */
                community: components["parameters"]["CommunityPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app manifest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppManifest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    uploadSyncEntities: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the community.
                 * @example colegio-horizonte
                 */
                "community-id": components["parameters"]["CommunityId"];
            };
            path: {
                /**
                 * @description The synchronization run.
                 * @example 6570a1b2c3d4e5f601234567
                 */
                syncRunId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncUpload"];
            };
        };
        responses: {
            /**
             * @description Upload received. The body (decided here) counts what was received and lists warnings such as
             *     unknown keys.
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncUploadReceipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
        };
    };
    getUpdatedUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DataActionRequest"];
            };
        };
        responses: {
            /** @description Users updated after `data.after`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedUsersResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["DataActionUnauthorized"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getUpdatedComponents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DataActionRequest"];
            };
        };
        responses: {
            /** @description Components updated after `data.after`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedComponentsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["DataActionUnauthorized"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getAuthorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 8414 §2 metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorizationServerMetadata"];
                };
            };
            /** @description The server publishes no metadata (a partner's authorization server may not). Any body and media type: a server without the document answers it as it answers any unknown path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    authorize: {
        parameters: {
            query: {
                /** @example code */
                response_type: string;
                /** @example app-diario-escolar */
                client_id: string;
                /** @example http://127.0.0.1:5173/callback */
                redirect_uri?: string;
                /**
                 * @description Space-separated scopes
                 * @example openid profile related.members
                 */
                scope?: string;
                /** @example x7Kq2 */
                state?: string;
                /** @example E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM */
                code_challenge?: string;
                /** @example S256 */
                code_challenge_method?: string;
                /** @example none */
                prompt?: string;
                /**
                 * @description Id of the user to log in with prompt=none
                 * @example 64b7f0c2a1e4d93b5c0f1a21
                 */
                login_hint?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The login-and-consent page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to `redirect_uri` with `code`, `state` and `iss` (RFC 9207), or with `error`, `error_description`, `state` and `iss` (RFC 6749 §4.1.2.1). */
            302: {
                headers: {
                    /** @description The client's redirect URI with the result in its query. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A bad `client_id` or `redirect_uri`, shown on the page and never redirected (RFC 6749 §4.1.2.1). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description RFC 6749 §5.1 access token response. */
            200: {
                headers: {
                    /** @description no-store (RFC 6749 §5.1) */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            400: components["responses"]["OAuthError"];
            401: components["responses"]["OAuthError"];
        };
    };
}
