/**
 * Errors as sync logs and shows them. Sink errors come from the bot, and a grammY `HttpError` message
 * contains the request URL, which contains the bot token: nothing of an error reaches a log or the status
 * without passing through here. Seller API errors are already built without the key (and redacted by the client).
 */

/** `123456789:AA…` (a bot token), also inside `/bot<token>/` URLs; `<word>_sk_…` (a store key). */
const SECRET_SHAPES = [/\d{5,}:[A-Za-z0-9_-]{30,}/g, /\b[A-Za-z0-9]+_sk_[^\s"'/]{20,}/g];

/**
 * Masks whatever looks like a secret. Sync is never given the bot token (the sink holds it), so it cannot use
 * log/redact-secrets.ts, which replaces known values; it matches their shapes instead.
 */
export function maskSecretShapes(text: string): string {
  return SECRET_SHAPES.reduce((out, shape) => out.replace(shape, '[redacted]'), text);
}

export interface SafeError {
  name: string;
  code?: string;
  message: string;
}

/** What may be logged of any thrown value: its name, its code, its redacted message; never its stack's objects. */
export function safeError(error: unknown): SafeError {
  if (!(error instanceof Error)) return { name: typeof error, message: maskSecretShapes(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: maskSecretShapes(error.message),
  };
}
