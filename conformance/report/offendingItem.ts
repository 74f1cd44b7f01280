import { describeValue } from './describeValue.ts';

/**
 * The array item a failure's path points at ("response[3].createdAt", "response.hits[2]",
 * "response.data[0].rolesSet"), so the report shows that item rather than the start of the array.
 */
export function offendingItem(body: unknown, path: string | undefined, max = 300): string | undefined {
  const match = /^response((?:\.[\w@:$-]+)*)\[(\d+)\]/.exec(path ?? '');
  if (!match) return undefined;
  let node: unknown = body;
  for (const key of (match[1] ?? '').split('.').filter(Boolean)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(node)) return undefined;
  const index = Number(match[2]);
  if (index >= node.length) return undefined;
  return `item [${index}] of ${node.length}: ${describeValue(node[index], max)}`;
}
