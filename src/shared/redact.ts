/**
 * The one secret-redaction policy: what replaces a secret, how a known secret is found in every spelling it travels
 * in, and the shapes a secret has when its value is not known. Logs, error texts shown to a seller, the store
 * client's errors and the configuration's public view all go through here.
 */

/** What a secret is replaced with, everywhere. */
export const REDACTED = '[redacted]';

/** `123456:ABC…`: the half after the colon is the credential; the bot id before it is public. */
const BOT_TOKEN = /^(\d+):(.{20,})$/;

/**
 * Secrets by shape, for text whose secrets are not known here: a bot token (also inside `/bot<token>/` URLs) and a
 * store key (`<word>_sk_…`).
 */
const SECRET_SHAPES = [/\d{5,}:[A-Za-z0-9_-]{30,}/g, /\b[A-Za-z0-9]+_sk_[^\s"'/]{20,}/g];

/** `text` with whatever looks like a bot token or a store key replaced. */
export function maskSecretShapes(text: string): string {
  return SECRET_SHAPES.reduce((out, shape) => out.replace(shape, REDACTED), text);
}

/**
 * Every spelling of each secret, longest first so a longer form is replaced before its parts: as is, URL-encoded
 * (a token inside a path), JSON-escaped (inside a serialized log line), and a bot token's secret half alone.
 */
function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    const spellings = [secret];
    const tokenSecret = BOT_TOKEN.exec(secret)?.[2];
    if (tokenSecret !== undefined) spellings.push(tokenSecret);
    for (const spelling of spellings) {
      forms.add(spelling);
      forms.add(encodeURIComponent(spelling));
      forms.add(JSON.stringify(spelling).slice(1, -1));
    }
  }
  forms.delete('');
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * A scrubber built once for a fixed set of secrets (the logger calls it on every line): each known secret in every
 * spelling, then anything still shaped like a secret.
 */
export function secretScrubber(secrets: readonly string[]): (text: string) => string {
  const forms = secretForms(secrets);
  return (text) => {
    let clean = text;
    for (const form of forms) if (clean.includes(form)) clean = clean.replaceAll(form, REDACTED);
    return maskSecretShapes(clean);
  };
}

/** `text` without the given secrets (in any spelling) or anything shaped like one. */
export const redactSecrets = (text: string, secrets: readonly string[]): string => secretScrubber(secrets)(text);

/**
 * A copy of a value (a serialized error, log fields) with `scrub` applied to every string in it. Binary data is
 * summarised rather than copied: a buffer may hold a raw request with its headers.
 */
export function scrubDeep(value: unknown, scrub: (text: string) => string, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return `[binary, ${value.byteLength} bytes]`;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, scrub, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = scrubDeep(item, scrub, seen);
  return copy;
}
