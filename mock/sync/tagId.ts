import { createHash } from 'node:crypto';

/** A tag's id is stable for its name within a community, so re-uploading a tag never mints a new one. */
export function tagId(community: string, name: string): string {
  return createHash('sha1').update(`${community}\u0000${name}`).digest('hex').slice(0, 24);
}
