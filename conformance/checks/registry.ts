import { approveEffect } from './approveEffect.ts';
import { approveManualOnly } from './approveManualOnly.ts';
import { dataActionCommunity } from './dataActionCommunity.ts';
import { approveReturnsManifest } from './approveReturnsManifest.ts';
import { authRequired } from './authRequired.ts';
import type { Check } from './Check.ts';
import { communityRequired } from './communityRequired.ts';
import { communityScope } from './communityScope.ts';
import { contentType } from './contentType.ts';
import { dataActionLimit } from './dataActionLimit.ts';
import { dataActionOrder } from './dataActionOrder.ts';
import { defaultOrder } from './defaultOrder.ts';
import { filterMatches } from './filterMatches.ts';
import { filterSubset } from './filterSubset.ts';
import { getMatchesList } from './getMatchesList.ts';
import { crossCommunity } from './crossCommunity.ts';
import { installationRoundTrip } from './installationRoundTrip.ts';
import { installationUpdateStored } from './installationUpdateStored.ts';
import { installationsActive } from './installationsActive.ts';
import { invalidRequestRejected } from './invalidRequestRejected.ts';
import { keySpelling } from './keySpelling.ts';
import { limitHonoured } from './limitHonoured.ts';
import { noServerError } from './noServerError.ts';
import { memberGroupsScope } from './memberGroupsScope.ts';
import { oauthFlow } from './oauthFlow.ts';
import { clientAuthenticated } from './clientAuthenticated.ts';
import { codeBoundClient } from './codeBoundClient.ts';
import { codeBoundRedirectUri } from './codeBoundRedirectUri.ts';
import { codeReuseRevokes } from './codeReuseRevokes.ts';
import { pkceVerified } from './pkceVerified.ts';
import { redirectUriExact } from './redirectUriExact.ts';
import { refreshBoundClient } from './refreshBoundClient.ts';
import { stateExact } from './stateExact.ts';
import { tokenErrorShape } from './tokenErrorShape.ts';
import { tokenNoStore } from './tokenNoStore.ts';
import { pageHonoured } from './pageHonoured.ts';
import { pagesDisjoint } from './pagesDisjoint.ts';
import { responseReceived } from './responseReceived.ts';
import { rolesSet } from './rolesSet.ts';
import { responseSchema } from './responseSchema.ts';
import { searchFinds } from './searchFinds.ts';
import { searchNarrows } from './searchNarrows.ts';
import { searchTotal } from './searchTotal.ts';
import { secretRequired } from './secretRequired.ts';
import { sortOrder } from './sortOrder.ts';
import { statusDocumented } from './statusDocumented.ts';
import { syncDeactivate } from './syncDeactivate.ts';
import { syncRecordsSupplied } from './syncRecordsSupplied.ts';
import { syncRemoveUnlisted } from './syncRemoveUnlisted.ts';
import { syncUploadVisible } from './syncUploadVisible.ts';
import { totalCount } from './totalCount.ts';
import { updatedAfter } from './updatedAfter.ts';
import { userInfoIncludes } from './userInfoIncludes.ts';
import { validRequestAccepted } from './validRequestAccepted.ts';
// The replay's own checks (run only by --replay), registered so waivers, reports and the README name them too.
import { replayKeysKept, replayStatusClass, replayWriteVisible } from './replayChecks.ts';

/** The checks run on every exchange, in this order. */
export const exchangeChecks = [responseReceived, noServerError, statusDocumented, contentType, responseSchema, keySpelling] as const;

/** Every check by name: what a fault's `breaks` and a report's failures refer to. */
export const checkRegistry: ReadonlyMap<string, Check<never>> = new Map(
  [
    ...exchangeChecks,
    validRequestAccepted,
    invalidRequestRejected,
    authRequired,
    communityRequired,
    secretRequired,
    filterMatches,
    filterSubset,
    defaultOrder,
    sortOrder,
    limitHonoured,
    pagesDisjoint,
    pageHonoured,
    totalCount,
    searchFinds,
    searchNarrows,
    searchTotal,
    getMatchesList,
    communityScope,
    installationsActive,
    crossCommunity,
    installationRoundTrip,
    installationUpdateStored,
    approveReturnsManifest,
    approveEffect,
    approveManualOnly,
    userInfoIncludes,
    memberGroupsScope,
    oauthFlow,
    clientAuthenticated,
    codeBoundClient,
    codeBoundRedirectUri,
    codeReuseRevokes,
    pkceVerified,
    redirectUriExact,
    refreshBoundClient,
    stateExact,
    tokenErrorShape,
    tokenNoStore,
    syncUploadVisible,
    syncRemoveUnlisted,
    syncDeactivate,
    syncRecordsSupplied,
    updatedAfter,
    dataActionLimit,
    dataActionOrder,
    dataActionCommunity,
    rolesSet,
    replayStatusClass,
    replayKeysKept,
    replayWriteVisible,
  ].map((check) => [check.name, check as Check<never>]),
);

export type CheckName = string;
