import { sha1Hex } from './sha1Hex.ts';

/** A tag's id is stable for its name within a community, so re-uploading a tag never mints a new one. */
export function tagId(community: string, name: string): string {
  return sha1Hex(`${community}\u0000${name}`).slice(0, 24);
}
