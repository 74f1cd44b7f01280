/** The operationIds of the spec's oauth tag that the OAuth router serves (not the API pipeline's handlers). */
export const OAUTH_OPERATION_IDS = ['getAuthorizationServerMetadata', 'authorize', 'token'] as const;
