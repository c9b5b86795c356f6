/**
 * Errors as sync logs and shows them. Sink errors come from the bot, and a grammY `HttpError` message
 * contains the request URL, which contains the bot token: nothing of an error reaches a log or the status
 * without passing through here. Seller API errors are already built without the key (and redacted by the client).
 * Sync is never given the bot token (the sink holds it), so it masks secrets by their shapes.
 */
import { maskSecretShapes } from '../../shared/redact.ts';

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
