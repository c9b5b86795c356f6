import { describe, expect, it } from 'vitest';
import { redactSecrets, scrubDeep, secretScrubber } from '../../src/shared/redact.ts';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';
const KEY = 'svc_sk_' + 'a1'.repeat(20);

describe('redactSecrets', () => {
  it('replaces every occurrence of each secret and keeps the rest', () => {
    expect(redactSecrets(`key ${KEY} and again ${KEY}; token ${TOKEN}`, [KEY, TOKEN])).toBe(
      'key [redacted] and again [redacted]; token [redacted]',
    );
  });

  it('catches the bot URL form, the URL-encoded form and the secret half of a token', () => {
    expect(redactSecrets(`https://api.telegram.org/bot${TOKEN}/getMe`, [TOKEN])).toBe(
      'https://api.telegram.org/bot[redacted]/getMe',
    );
    expect(redactSecrets(`/bot${encodeURIComponent(TOKEN)}/getMe`, [TOKEN])).toBe('/bot[redacted]/getMe');
    expect(redactSecrets(`secret=${TOKEN.split(':')[1]}`, [TOKEN])).toBe('secret=[redacted]');
  });

  it('catches JSON-escaped forms of secrets with quotes or backslashes', () => {
    const odd = 'pa"ss\\word-with-odd-chars';
    const line = JSON.stringify({ msg: `using ${odd}` });
    expect(line).not.toContain(odd);
    expect(redactSecrets(line, [odd])).toBe('{"msg":"using [redacted]"}');
  });

  it('ignores empty secrets instead of mangling the text', () => {
    expect(redactSecrets('nothing to hide', ['', ''])).toBe('nothing to hide');
  });
});

describe('scrubDeep', () => {
  it('scrubs strings at any depth, summarises buffers and survives cycles', () => {
    const scrub = secretScrubber([KEY]);
    const value: Record<string, unknown> = {
      a: [`x ${KEY}`, 3, null, { b: KEY }],
      raw: Buffer.from(`Authorization: Bearer ${KEY}`),
    };
    value.self = value;
    const clean = scrubDeep(value, scrub) as Record<string, unknown>;
    expect(clean.a).toEqual(['x [redacted]', 3, null, { b: '[redacted]' }]);
    expect(clean.raw).toMatch(/^\[binary, \d+ bytes\]$/);
    expect(clean.self).toBe('[circular]');
    expect(JSON.stringify(clean)).not.toContain(KEY);
  });
});
