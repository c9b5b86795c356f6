import { HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/bot/errors.ts';
import { createLogger } from '../../src/log/index.ts';
import { maskSecretShapes, REDACTED, redactSecrets, scrubDeep, secretScrubber } from '../../src/shared/redact.ts';
import { safeError } from '../../src/sync/support/safe-error.ts';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';
const KEY = `svc_sk_${'a1'.repeat(20)}`;

describe('redactSecrets', () => {
  it('replaces every occurrence of each secret and keeps the rest', () => {
    expect(redactSecrets(`key ${KEY} and again ${KEY}; token ${TOKEN}`, [KEY, TOKEN])).toBe(
      'key [redacted] and again [redacted]; token [redacted]',
    );
  });

  it('catches the bot URL form, the URL-encoded form and the secret half of a token', () => {
    expect(redactSecrets(`https://api.telegram.org/bot${TOKEN}/getMe`, [TOKEN])).toBe('https://api.telegram.org/bot[redacted]/getMe');
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

describe('one policy for every user', () => {
  // Secrets nobody handed over: another bot's token in a URL, a store key echoed in a message.
  const OTHER_TOKEN = '555666777:AAOtherBotTokenSecretPart_abcdefghijklmn';
  const OTHER_KEY = `acme_sk_${'z9'.repeat(16)}`;
  const leaky = `GET https://api.telegram.org/bot${OTHER_TOKEN}/getMe failed; key ${OTHER_KEY} refused`;
  const masked = 'GET https://api.telegram.org/bot[redacted]/getMe failed; key [redacted] refused';

  it('masks token and key shapes it was not given, besides the secrets it was', () => {
    expect(maskSecretShapes(leaky)).toBe(masked);
    expect(redactSecrets(leaky, [])).toBe(masked);
    expect(redactSecrets(`${leaky} ${TOKEN.split(':')[1]}`, [TOKEN])).toBe(`${masked} ${REDACTED}`);
  });

  it('the bot describeError, sync safeError and the logger say the same', () => {
    const cause = new Error(leaky);
    const described = describeError(new HttpError(`Network request for 'getMe' failed!`, cause), [TOKEN]);
    expect(described.cause).toBe(masked);
    expect(describeError(cause, []).message).toBe(masked);
    expect(safeError(cause).message).toBe(masked);

    const lines: string[] = [];
    createLogger({ level: 'info', secrets: [KEY], destination: { write: (line: string) => void lines.push(line) } }).info(
      { err: cause, key: KEY },
      leaky,
    );
    const text = lines.join('');
    for (const secret of [OTHER_TOKEN, OTHER_KEY, KEY]) expect(text).not.toContain(secret);
    expect(JSON.parse(text).msg).toBe(masked);
  });
});
