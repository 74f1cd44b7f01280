import { authorizationCodeGrant } from './authorizationCodeGrant.ts';
import { clientCredentialsGrant } from './clientCredentialsGrant.ts';
import type { Grant } from './Grant.ts';
import { refreshTokenGrant } from './refreshTokenGrant.ts';

/** The grants the token endpoint supports, by grant_type; the metadata lists the same keys. */
export const grantsByType: ReadonlyMap<string, Grant> = new Map([authorizationCodeGrant, refreshTokenGrant, clientCredentialsGrant].map((g) => [g.type, g]));
