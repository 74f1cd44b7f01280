import type { Dataset } from '../store/records.ts';
import type { Store } from '../store/Store.ts';
import type { Durability } from './Durability.ts';
import type { LoggedWrite } from './StoreOp.ts';

/**
 * The Store of one session with every write recorded for the log: the write is applied to `inner` at once
 * (a handler reads its own writes), serialised at that instant (a caller may mutate its object afterwards),
 * and made durable by `durability.commit()` before the answer leaves (holdAnswerUntilDurable). Reads pass
 * straight through. Reset and load ask for a snapshot instead of a log entry.
 */
export function createDurableStore(inner: Store, session: string, durability: Durability): Store {
  const logged =
    <A>(method: LoggedWrite, write: (argument: A) => void) =>
    (argument: A): void => {
      write(argument);
      durability.record(session, JSON.stringify([method, argument]));
    };
  return {
    get version() {
      return inner.version;
    },
    get seed() {
      return inner.seed;
    },
    reset() {
      inner.reset();
      durability.wantSnapshot();
    },
    snapshot: () => inner.snapshot(),
    load(dataset: Dataset, options?: { asSeed?: boolean }) {
      inner.load(dataset, options);
      durability.wantSnapshot();
    },

    community: (id) => inner.community(id),
    communities: () => inner.communities(),
    group: (community, id) => inner.group(community, id),
    groupByAlias: (community, alias) => inner.groupByAlias(community, alias),
    queryGroups: (query) => inner.queryGroups(query),
    groupsAdministeredBy: (userId) => inner.groupsAdministeredBy(userId),
    tagByName: (community, name) => inner.tagByName(community, name),
    putGroup: logged('putGroup', (g: Parameters<Store['putGroup']>[0]) => inner.putGroup(g)),

    user: (id) => inner.user(id),
    userByAlias: (community, alias) => inner.userByAlias(community, alias),
    userByEmail: (community, email) => inner.userByEmail(community, email),
    users: (community) => inner.users(community),
    usersUpdatedAfter: (query) => inner.usersUpdatedAfter(query),
    putUser: logged('putUser', (u: Parameters<Store['putUser']>[0]) => inner.putUser(u)),

    member: (id) => inner.member(id),
    memberByAlias: (community, alias) => inner.memberByAlias(community, alias),
    membersOfUser: (userId) => inner.membersOfUser(userId),
    putMember: logged('putMember', (m: Parameters<Store['putMember']>[0]) => inner.putMember(m)),

    enrollmentsOfGroup: (groupId) => inner.enrollmentsOfGroup(groupId),
    enrollmentsOfMember: (memberId) => inner.enrollmentsOfMember(memberId),
    putEnrollment: logged('putEnrollment', (e: Parameters<Store['putEnrollment']>[0]) => inner.putEnrollment(e)),
    deleteEnrollment: logged('deleteEnrollment', (id: string) => inner.deleteEnrollment(id)),

    component: (id) => inner.component(id),
    componentByAlias: (community, alias) => inner.componentByAlias(community, alias),
    componentsUpdatedAfter: (query) => inner.componentsUpdatedAfter(query),
    putComponent: logged('putComponent', (c: Parameters<Store['putComponent']>[0]) => inner.putComponent(c)),

    app: (appId) => inner.app(appId),
    apps: () => inner.apps(),
    appBySecret: (secret) => inner.appBySecret(secret),
    installation: (appId, community) => inner.installation(appId, community),
    installationsOfApp: (appId) => inner.installationsOfApp(appId),
    installationsInCommunity: (community) => inner.installationsInCommunity(community),
    putInstallation: logged('putInstallation', (i: Parameters<Store['putInstallation']>[0]) => inner.putInstallation(i)),

    syncRun: (id) => inner.syncRun(id),
    putSyncRun: logged('putSyncRun', (r: Parameters<Store['putSyncRun']>[0]) => inner.putSyncRun(r)),

    token: (value) => inner.token(value),
    tokens: () => inner.tokens(),
    putToken: logged('putToken', (t: Parameters<Store['putToken']>[0]) => inner.putToken(t)),
  };
}
