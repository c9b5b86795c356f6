/**
 * Every decision the client takes where the spec is silent, each in one named place. docs/api-assumptions.md
 * mirrors this file and quotes the parts of the spec cited here.
 */
import type { SellerApiErrorCode } from './errors.ts';
import type { Cursor, Order } from './schemas.ts';

// ---- gap: base URL ----
// `SELLER_API_URL` is the full base including `/v1` (spec part 9, docs/api-assumptions.md). We tolerate trailing
// slashes so that `https://host/v1/` and `https://host/v1` both work; resource paths are appended with one `/`.
export function normaliseBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`the Seller API base URL must be http(s), got ${url.protocol}`);
  }
  // Query and fragment make no sense on a base; dropping them keeps joined URLs well-formed.
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

// ---- gap: key charset ----
// The spec shows `svc_sk_` + 40 characters, but real keys carry a brand word instead of `svc` and the
// charset is not shown. A key that does not look like `<word>_sk_` + 40 characters is probably pasted
// wrong, yet may still be valid: warn, never refuse. The warning never contains the key itself.
const API_KEY_SHAPE = /^[A-Za-z0-9]+_sk_[^\s]{40}$/;

export function checkApiKeyFormat(key: string): string | undefined {
  if (key.length === 0) return 'the store API key is empty';
  if (key.trim() !== key) return 'the store API key has leading or trailing whitespace';
  if (API_KEY_SHAPE.test(key)) return undefined;
  return `the store API key does not look like "<word>_sk_" followed by 40 characters (it has ${key.length} characters); using it anyway`;
}

// ---- gap: success HTTP codes ----
// The spec shows no status code of a success. Any 2xx is fine, but the envelope's `success` is what we trust:
// a 200 carrying `success: false` is a failure, a 4xx carrying a failure envelope is judged by its `code`
// (seller-api/response.ts reads the envelope first).

// ---- gap: codes of ORDER_NOT_FOUND etc. ----
// We act on `error.code`, never on the HTTP status, with two exceptions the spec itself ties to a status:
// 401 is API_KEY_INVALID and 429 is RATE_LIMIT even when the body is not the API's envelope.
export function statusImpliedCode(status: number): 'API_KEY_INVALID' | 'RATE_LIMIT' | undefined {
  if (status === 401) return 'API_KEY_INVALID';
  if (status === 429) return 'RATE_LIMIT';
  return undefined;
}

// ---- gap: list order ----
// Neither list promises an order. We sort ourselves: createdAt ascending (as instants, not strings, since
// `2024-01-01T00:00:00Z` and `2024-01-01T00:00:00.000+00:00` are the same moment), then id. Items without a
// parsable createdAt sort first, so they are handled rather than starved.
export function timeOf(iso: string | undefined): number {
  if (iso === undefined) return Number.NEGATIVE_INFINITY;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

export function byCreatedAtThenId(
  a: { createdAt?: string | undefined; id: string },
  b: { createdAt?: string | undefined; id: string },
): number {
  const ta = timeOf(a.createdAt);
  const tb = timeOf(b.createdAt);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// ---- gap: message without createdAt ----
// The spec shows `createdAt` on every message, yet a store may leave it out. Such a message is kept, not skipped.
// Without a time it cannot be placed among the others, so it comes first in the read that brings it, in the order the
// store listed it (by arrival): it is then relayed before the cursor moves past that read's dated messages, and a
// message the sink refused comes back with the same read. It never moves the cursor.
export function byCreatedAtThenArrival(
  a: { createdAt?: string | undefined; id: string },
  b: { createdAt?: string | undefined; id: string },
): number {
  const undated = (item: { createdAt?: string | undefined }) => !Number.isFinite(timeOf(item.createdAt));
  // Equal, so the stable sort keeps them as they arrived.
  if (undated(a) && undated(b)) return 0;
  return byCreatedAtThenId(a, b);
}

// ---- gap: orders paging ----
// `page` starts at 1. We read until `total` is reached or a page comes back empty or short; pages shift while
// we read (new orders arrive, taken ones leave), so we dedupe by id. The page bound keeps a misbehaving server
// (a `total` that never comes) from looping forever.
export const FIRST_PAGE = 1;
export const DEFAULT_ORDERS_PAGE_LIMIT = 50;
export const MAX_ORDER_PAGES = 200;

// ---- gap: message cursor ----
// `cursor` is a createdAt; the server returns messages created STRICTLY after it, and a page may end inside a
// group of messages sharing one createdAt. So we never trust `nextCursor` alone: we query from our newest
// createdAt minus 1 ms (an overlap) and drop ids we already have. `nextCursor` null, absent, empty or equal to
// the last createdAt all mean "nothing further" (the schema turns null/empty into undefined).
const CURSOR_OVERLAP_MS = 1;
export const DEFAULT_MESSAGES_PAGE_LIMIT = 100;
export const MAX_MESSAGE_PAGES = 100;

/** The cursor to ask with so that messages created AT `after` come back too. */
export function overlapCursor(after: Cursor): Cursor {
  const ms = Date.parse(after);
  // An unparsable cursor is passed through as the server gave it: it is the server's own token.
  if (Number.isNaN(ms)) return after;
  return new Date(ms - CURSOR_OVERLAP_MS).toISOString() as Cursor;
}

// ---- gap: deliver body ----
// The field carrying the issued value is not shown. We send `{"deliveredValue": "<value>"}` (configurable by
// `SELLER_DELIVER_FIELD`) and an empty object when there is no value.
export const DEFAULT_DELIVER_FIELD = 'deliveredValue';

export function deliverBody(field: string, value: string | undefined): Record<string, string> {
  return value === undefined ? {} : { [field]: value };
}

// ---- gap: maximum length of the issued value ----
// The spec bounds no deliver value. The bridge sends at most 4000 characters, counted in UTF-16 units (never fewer than
// the code points a store may count), whoever delivers: the Deliver step refuses a longer value, and auto-delivery never
// takes an order whose items do not fit in one (it is left to a person). 4000 is the store's limit on a chat message,
// its other free text; the sandbox takes up to 10 000 code points, so anything we send fits it with room to spare.
export const DELIVER_VALUE_MAX_LENGTH = 4000;

export const fitsDeliverValue = (value: string): boolean => value.length <= DELIVER_VALUE_MAX_LENGTH;

// ---- gap: what a refused Deliver did ----
// The spec says when a Deliver is refused, not whether a refused one may have acted. A Deliver retried with its key
// after a lost answer can be refused though the first attempt delivered (the store forgot the key, then found the
// order delivered). Two refusals prove the buyer never got the value: VALIDATION_ERROR (the body itself is refused, the
// same body on every attempt) and ORDER_INVALID_STATUS when the order, read right after, was never delivered (cancelled
// or still paid, no delivery time, no value). Anything else proves nothing.
export function deliverRefusalLeftNothing(code: SellerApiErrorCode, orderAfter: Order | undefined): boolean {
  if (code === 'VALIDATION_ERROR') return true;
  if (code !== 'ORDER_INVALID_STATUS' || orderAfter === undefined) return false;
  const neverDelivered = orderAfter.deliveredAt === undefined && (orderAfter.deliveredValue ?? '') === '';
  return neverDelivered && (orderAfter.status === 'cancelled' || orderAfter.status === 'paid');
}

// ---- gap: idempotency ----
// The spec promises `Idempotency-Key` on take, deliver and cancel only. We also send it on a chat post when the
// caller has one (harmless if ignored, useful if honoured), but since the spec does not promise it there, a chat
// post is still never retried once it may have reached the server: a duplicate buyer-visible message is worse
// than an acknowledged failure the seller can repeat.
export const IDEMPOTENCY_HEADER = 'idempotency-key';
