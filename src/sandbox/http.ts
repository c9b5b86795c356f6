/** Small HTTP helpers shared by the `/v1` API and the `/_sandbox` control surface. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxError } from './errors.ts';

const MAX_BODY_BYTES = 64 * 1024;

/** The request body as text; too large a body is a VALIDATION_ERROR. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SandboxError('VALIDATION_ERROR', `body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON object body; an absent or blank body is `{}` (spec 4.5–4.6: "it may be empty"; see docs/api-assumptions.md). */
export function parseObjectBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SandboxError('VALIDATION_ERROR', 'body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SandboxError('VALIDATION_ERROR', 'body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

export const successBody = (data: unknown): string => JSON.stringify({ success: true, data });

export const failureBody = (error: SandboxError): string =>
  JSON.stringify({ success: false, error: { code: error.code, message: error.detail } });

export function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

/** Splits a path into segments, tolerating doubled and trailing slashes. */
export const pathSegments = (pathname: string): string[] => pathname.split('/').filter((segment) => segment !== '');

/**
 * Matches `segments` against a pattern like `orders/{id}/take`; returns the captured parameters.
 * A parameter that is not valid percent-encoding cannot name anything, so it does not match.
 */
export function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = pathSegments(pattern);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] as string;
    if (part.startsWith('{') && part.endsWith('}')) {
      try {
        params[part.slice(1, -1)] = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}
