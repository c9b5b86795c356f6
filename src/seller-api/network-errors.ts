/**
 * What a network failure tells us about whether the request reached the store. Only failures that happen
 * before a connection exists (refused, unknown host, connect timeout) prove the store never saw it; anything
 * later (reset, headers or body timeout, socket closed mid-response) may have been processed.
 */

export interface NetworkFailure {
  /** A phrase for the error message; never contains the request's headers. */
  description: string;
  /** False only when the request certainly did not leave this machine. */
  mayHaveReachedServer: boolean;
}

const NOT_SENT: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed temporarily',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
};

const MAY_HAVE_REACHED: Record<string, string> = {
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'response body stalled',
  UND_ERR_SOCKET: 'connection closed by the other side',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection broken',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'response shorter than announced',
  UND_ERR_HEADERS_OVERFLOW: 'response headers too large',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'response body too large',
};

export function describeNetworkFailure(error: unknown): NetworkFailure {
  const codes = errorCodes(error);
  for (const code of codes) {
    const notSent = NOT_SENT[code];
    if (notSent !== undefined) return { description: `${notSent} (${code})`, mayHaveReachedServer: false };
  }
  for (const code of codes) {
    const reached = MAY_HAVE_REACHED[code];
    if (reached !== undefined) return { description: `${reached} (${code})`, mayHaveReachedServer: true };
  }
  const first = codes[0];
  return { description: first === undefined ? 'network error' : `network error (${first})`, mayHaveReachedServer: true };
}

/**
 * Node and undici put the code on the error itself, on its `cause`, or (happy-eyeballs connects to several
 * addresses) on each member of an AggregateError.
 */
function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 3 || typeof error !== 'object' || error === null) return [];
  const codes: string[] = [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') codes.push(code);
  if (Array.isArray(errors)) for (const inner of errors) codes.push(...errorCodes(inner, depth + 1));
  if (cause !== undefined) codes.push(...errorCodes(cause, depth + 1));
  return codes;
}
