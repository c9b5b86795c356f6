/**
 * Removes secrets from free text: log lines, error messages shown to a seller, anything that may
 * quote a URL or a header. A secret is matched in every form it travels in: as is, URL-encoded
 * (a token inside a path), JSON-escaped (inside a serialized log line), and, for a bot token, its
 * secret half alone (the part after the colon is what grants access; the bot id before it is public).
 */

export const SECRET_PLACEHOLDER = '[redacted]';

/** `123456:ABC…`: the half after the colon is the credential. */
const BOT_TOKEN = /^(\d+):(.{20,})$/;

/** Every spelling of each secret, longest first so a longer form is replaced before its parts. */
export function secretForms(secrets: readonly string[]): string[] {
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

/** Builds a scrubber once for a fixed set of secrets (the logger calls it on every line). */
export function secretScrubber(secrets: readonly string[]): (text: string) => string {
  const forms = secretForms(secrets);
  if (forms.length === 0) return (text) => text;
  return (text) => {
    let clean = text;
    for (const form of forms) if (clean.includes(form)) clean = clean.replaceAll(form, SECRET_PLACEHOLDER);
    return clean;
  };
}

/** `text` with every form of every secret replaced by "[redacted]". */
export const redactSecrets = (text: string, secrets: readonly string[]): string => secretScrubber(secrets)(text);

/**
 * A copy of a value (a serialized error, log fields) with secrets removed from every string in it.
 * Binary data is summarised rather than copied: a buffer may hold a raw request with its headers.
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
