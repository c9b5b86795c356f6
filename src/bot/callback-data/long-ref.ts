/**
 * How a button names an id in its callback data: `<verb>:<id>` when that fits Telegram's 64 bytes, else
 * `<verb>:#<hash>`, the caller remembering hash → id. One rule for every codec, so any id the store may use works.
 */
import { createHash } from 'node:crypto';

export const MAX_CALLBACK_DATA_BYTES = 64;
const HASH_PREFIX = '#';

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url').slice(0, 22);

/** The data for `verb` and `id`; `hash` is set when the id was replaced and must be remembered under it. */
export function encodeRef(verb: string, id: string): { data: string; hash?: string } {
  const direct = `${verb}:${id}`;
  if (Buffer.byteLength(direct, 'utf8') <= MAX_CALLBACK_DATA_BYTES && !id.startsWith(HASH_PREFIX)) return { data: direct };
  const hash = hashOf(id);
  return { data: `${verb}:${HASH_PREFIX}${hash}`, hash };
}

/** The ref part of the data: the id itself, or the hash of a remembered one. */
export const readRef = (ref: string): { id: string } | { hash: string } =>
  ref.startsWith(HASH_PREFIX) ? { hash: ref.slice(HASH_PREFIX.length) } : { id: ref };
