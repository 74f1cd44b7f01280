import { crossCommunity } from '../../checks/crossCommunity.ts';
import type { Exchange } from '../../client/Exchange.ts';
import { groupStep } from './GroupsFacts.ts';

/** A group of another community (otherCommunity) is never answered: not by id, not in the list, not in a search. */
export const otherCommunityStep = groupStep({
  title: 'never answer a group of another community (otherCommunity)',
  uses: ['listed'],
  async run(s, { listed = [] }) {
    const other = s.config.otherCommunity;
    if (!other) return s.skip('no otherCommunity in the config (--other-community and --other-group-id)');
    const { groupId } = other;
    const judge = (exchange: Exchange, how: string): void => void s.check(crossCommunity, { exchange, probe: 'group', groupId, how });
    judge(await s.send({ operationId: 'getGroup', path: { groupId }, expect: { probe: true } }), 'a read by id under this community');
    for (const exchange of listed) judge(exchange, 'the unfiltered list of this community');
    judge(await s.send({ operationId: 'searchGroups', expect: { valid: true } }), 'a search of this community without filters');
    judge(await s.send({ operationId: 'searchGroups', query: { q: groupId }, expect: { valid: true } }), 'a search of this community for its id');
    // The token is for this community only: it opens none of the other's groups.
    for (const target of [{ operationId: 'listGroups' }, { operationId: 'getGroup', path: { groupId } }] as const) {
      const exchange = await s.send({ ...target, community: other.community, expect: { probe: true } });
      s.check(crossCommunity, { exchange, probe: 'token', otherCommunity: other.community });
    }
  },
});
