import { describe, expect, it } from 'vitest';
import { describeNetworkFailure } from '../../src/seller-api/network-errors.ts';
import { parseRetryAfter, rateLimitWaitMs, readRateLimit } from '../../src/seller-api/rate-limit.ts';
import { OrderSchema, type Cursor } from '../../src/seller-api/schemas.ts';
import {
  byCreatedAtThenId,
  checkApiKeyFormat,
  DELIVER_VALUE_MAX_LENGTH,
  deliverBody,
  deliverRefusalLeftNothing,
  fitsDeliverValue,
  normaliseBaseUrl,
  overlapCursor,
} from '../../src/seller-api/spec-gaps.ts';
import { MAX_DELIVERED_VALUE_CHARS } from '../../src/sandbox/api-routes.ts';

const NOW = Date.parse('2025-03-01T12:00:00Z');

describe('base URL', () => {
  it('drops trailing slashes, query and fragment, keeps the /v1 path', () => {
    expect(normaliseBaseUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1');
    expect(normaliseBaseUrl('https://api.example.com/v1//')).toBe('https://api.example.com/v1');
    expect(normaliseBaseUrl('http://127.0.0.1:8080/api/v1?x=1#y')).toBe('http://127.0.0.1:8080/api/v1');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => normaliseBaseUrl('ftp://host/v1')).toThrow(/http/);
    expect(() => normaliseBaseUrl('not a url')).toThrow();
  });
});

describe('API key format', () => {
  it('accepts <word>_sk_ + 40 characters, whatever the brand word', () => {
    expect(checkApiKeyFormat(`svc_sk_${'a'.repeat(40)}`)).toBeUndefined();
    expect(checkApiKeyFormat(`brand_sk_${'A1b2'.repeat(10)}`)).toBeUndefined();
  });

  it('warns, without quoting the key, on anything else', () => {
    for (const key of ['svc_sk_short', `svc_pk_${'a'.repeat(40)}`, `svc_sk_${'a'.repeat(41)}`, ` svc_sk_${'a'.repeat(40)}`, '']) {
      const warning = checkApiKeyFormat(key);
      expect(warning).toBeTypeOf('string');
      if (key.trim() !== '') expect(warning).not.toContain(key.trim());
    }
  });
});

describe('list order and cursor', () => {
  it('sorts by createdAt as instants, then id; missing dates first', () => {
    const items = [
      { id: 'b', createdAt: '2025-03-01T12:00:00Z' },
      { id: 'a', createdAt: '2025-03-01T13:00:00.000+01:00' },
      { id: 'c', createdAt: '2025-03-01T11:59:59.999Z' },
      { id: 'd', createdAt: undefined },
    ];
    expect([...items].sort(byCreatedAtThenId).map((item) => item.id)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('asks from 1 ms before the cursor, and passes an unparsable cursor through', () => {
    expect(overlapCursor('2025-03-01T12:00:00Z' as Cursor)).toBe('2025-03-01T11:59:59.999Z');
    expect(overlapCursor('opaque-token' as Cursor)).toBe('opaque-token');
  });

  it('deliver body carries the value in the configured field, or nothing', () => {
    expect(deliverBody('deliveredValue', 'v')).toEqual({ deliveredValue: 'v' });
    expect(deliverBody('value', '')).toEqual({ value: '' });
    expect(deliverBody('deliveredValue', undefined)).toEqual({});
  });
});

describe('rate-limit headers', () => {
  it('reads seconds-until-reset and epoch-seconds resets', () => {
    expect(readRateLimit({ 'ratelimit-limit': '60', 'ratelimit-remaining': '5', 'ratelimit-reset': '30' }, NOW).snapshot).toEqual({
      limit: 60,
      remaining: 5,
      resetAt: NOW + 30_000,
      observedAt: NOW,
    });
    expect(readRateLimit({ 'ratelimit-reset': String(NOW / 1000 + 12) }, NOW).snapshot?.resetAt).toBe(NOW + 12_000);
    expect(readRateLimit({ 'ratelimit-limit': '100, 100;w=60' }, NOW).snapshot?.limit).toBe(100);
    expect(readRateLimit({ 'content-type': 'application/json' }, NOW).snapshot).toBeUndefined();
  });

  it('reads Retry-After as seconds or an HTTP date, ignoring garbage', () => {
    expect(parseRetryAfter('5', NOW)).toBe(5000);
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
    expect(parseRetryAfter(new Date(NOW + 9000).toUTCString(), NOW)).toBe(9000);
    expect(parseRetryAfter(new Date(NOW - 9000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });

  it('waits for Retry-After, else the reset, else the default; capped', () => {
    const policy = { defaultWaitMs: 1000, maxWaitMs: 20_000 };
    expect(rateLimitWaitMs(readRateLimit({ 'retry-after': '3', 'ratelimit-reset': '9' }, NOW), NOW, policy)).toBe(3000);
    expect(rateLimitWaitMs(readRateLimit({ 'ratelimit-reset': '9' }, NOW), NOW, policy)).toBe(9000);
    expect(rateLimitWaitMs(readRateLimit({}, NOW), NOW, policy)).toBe(1000);
    expect(rateLimitWaitMs(readRateLimit({ 'retry-after': '600' }, NOW), NOW, policy)).toBe(20_000);
  });
});

describe('network failures', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });

  it('only failures before a connection prove the request was not sent', () => {
    expect(describeNetworkFailure(withCode('ECONNREFUSED')).mayHaveReachedServer).toBe(false);
    expect(describeNetworkFailure(withCode('UND_ERR_CONNECT_TIMEOUT')).mayHaveReachedServer).toBe(false);
    expect(describeNetworkFailure(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])).mayHaveReachedServer).toBe(
      false,
    );
    expect(describeNetworkFailure(new Error('wrapped', { cause: withCode('ENOTFOUND') })).mayHaveReachedServer).toBe(false);

    expect(describeNetworkFailure(withCode('ECONNRESET')).mayHaveReachedServer).toBe(true);
    expect(describeNetworkFailure(withCode('UND_ERR_HEADERS_TIMEOUT')).mayHaveReachedServer).toBe(true);
    expect(describeNetworkFailure(withCode('SOMETHING_ELSE')).mayHaveReachedServer).toBe(true);
    expect(describeNetworkFailure(new Error('no code'))).toEqual({ description: 'network error', mayHaveReachedServer: true });
  });
});

describe('the issued value', () => {
  it('is at most 4000 UTF-16 units, well within what the sandbox takes', () => {
    expect(fitsDeliverValue('k'.repeat(DELIVER_VALUE_MAX_LENGTH))).toBe(true);
    expect(fitsDeliverValue('k'.repeat(DELIVER_VALUE_MAX_LENGTH + 1))).toBe(false);
    // An emoji is two units here, one code point at a store that counts characters: never looser than the store.
    expect(fitsDeliverValue('🔑'.repeat(DELIVER_VALUE_MAX_LENGTH / 2 + 1))).toBe(false);
    expect(DELIVER_VALUE_MAX_LENGTH).toBeLessThan(MAX_DELIVERED_VALUE_CHARS);
  });

  it('a refused Deliver left nothing with the buyer only on VALIDATION_ERROR, or a wrong status of an order never delivered', () => {
    const order = (fields: Record<string, unknown>) => OrderSchema.parse({ id: 'o1', ...fields });
    expect(deliverRefusalLeftNothing('VALIDATION_ERROR', undefined)).toBe(true);
    expect(deliverRefusalLeftNothing('ORDER_INVALID_STATUS', order({ status: 'cancelled' }))).toBe(true);
    expect(deliverRefusalLeftNothing('ORDER_INVALID_STATUS', order({ status: 'paid' }))).toBe(true);
    // Delivered (by a person, or by an earlier attempt whose answer was lost), or cancelled after a delivery.
    expect(deliverRefusalLeftNothing('ORDER_INVALID_STATUS', order({ status: 'awaiting_confirmation' }))).toBe(false);
    expect(deliverRefusalLeftNothing('ORDER_INVALID_STATUS', order({ status: 'cancelled', deliveredAt: '2026-01-01T00:00:00Z' }))).toBe(
      false,
    );
    expect(deliverRefusalLeftNothing('ORDER_INVALID_STATUS', order({ status: 'cancelled', deliveredValue: 'K' }))).toBe(false);
    // The order could not be read after the refusal, or another refusal: nothing is proven.
    expect(deliverRefusalLeftNothing('ORDER_INVALID_STATUS', undefined)).toBe(false);
    expect(deliverRefusalLeftNothing('ORDER_NOT_FOUND', undefined)).toBe(false);
    expect(deliverRefusalLeftNothing('API_ERROR', order({ status: 'cancelled' }))).toBe(false);
  });
});
