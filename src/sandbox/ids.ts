/**
 * Identifiers and API keys of the sandbox store.
 *
 * Ids are a per-sandbox sequence number followed by random characters: hard to guess like real ids,
 * yet sorting them by string follows creation order, which makes the (createdAt, id) message order
 * match the order in which messages were posted.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { SeededIds } from './contract.ts';

export type IdKind = 'sto' | 'prd' | 'ord' | 'msg';

export type MintId = (kind: IdKind) => string;

export function createIdMinter(seeded?: SeededIds): MintId {
  if (seeded !== undefined) return seededMinter(seeded);
  let sequence = 0;
  return (kind) => {
    sequence += 1;
    return `${kind}_${sequence.toString(36).padStart(6, '0')}${randomBytes(5).toString('hex')}`;
  };
}

/**
 * Ids that depend only on the seed, the kind and how many of that kind came before: two sandboxes with one seed
 * give their n-th orders the same id whatever else each did (tests of several stores whose ids repeat).
 */
function seededMinter({ seed, length = 0 }: SeededIds): MintId {
  const counts = new Map<IdKind, number>();
  return (kind) => {
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    const head = `${kind}_${n.toString(36).padStart(6, '0')}`;
    const size = Math.max(length - head.length, 10);
    let tail = '';
    for (let round = 0; tail.length < size; round += 1) tail += createHash('sha256').update(`${seed}:${kind}:${n}:${round}`).digest('hex');
    return head + tail.slice(0, size);
  };
}

const KEY_PREFIX = 'svc_sk_';
const KEY_BODY_LENGTH = 40;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec 5.4 (docs/api-assumptions.md): `svc_sk_` + 40 characters, picked from [A-Za-z0-9] without modulo bias. */
export function generateApiKey(): string {
  let body = '';
  for (let i = 0; i < KEY_BODY_LENGTH; i += 1) body += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return KEY_PREFIX + body;
}

/** Spec 5.3 (docs/api-assumptions.md): only the SHA-256 of a key is kept. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}
