/**
 * Identifiers and API keys of the sandbox store.
 *
 * Ids are a per-sandbox sequence number followed by random characters: hard to guess like real ids,
 * yet sorting them by string follows creation order, which makes the (createdAt, id) message order
 * match the order in which messages were posted.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export type IdKind = 'sto' | 'prd' | 'ord' | 'msg';

export type MintId = (kind: IdKind) => string;

export function createIdMinter(): MintId {
  let sequence = 0;
  return (kind) => {
    sequence += 1;
    return `${kind}_${sequence.toString(36).padStart(6, '0')}${randomBytes(5).toString('hex')}`;
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
