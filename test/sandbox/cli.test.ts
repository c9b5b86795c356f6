import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCliOptions, toSandboxOptions } from '../../src/sandbox/cli-options.ts';
import { call } from './helpers.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('sandbox CLI options', () => {
  it('has gentle defaults with simulated buyers on', () => {
    const parsed = parseCliOptions([], {});
    expect(parsed.kind).toBe('options');
    if (parsed.kind !== 'options') return;
    const options = toSandboxOptions(parsed.options, 77);
    expect(options).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      seed: 77,
      rateLimit: { limit: 120, windowMs: 60_000 },
      buyers: { seed: 77, ordersPerMinute: 1, messagesPerMinute: 2, confirmationsPerMinute: 0.5 },
    });
  });

  it('reads flags before SANDBOX_* variables', () => {
    const parsed = parseCliOptions(['--port', '0', '--seed', '5', '--orders-per-minute', '12'], {
      SANDBOX_PORT: '9999',
      SANDBOX_HOST: '::1',
      SANDBOX_RATE_LIMIT: '0',
      SANDBOX_MESSAGES_PER_MINUTE: '0.5',
    });
    if (parsed.kind !== 'options') throw new Error(`unexpected ${parsed.kind}`);
    const options = toSandboxOptions(parsed.options, 1);
    expect(options).toMatchObject({ port: 0, host: '::1', seed: 5, buyers: { seed: 5, ordersPerMinute: 12, messagesPerMinute: 0.5 } });
    expect(options.rateLimit).toBeUndefined();
  });

  it('turns buyers off by flag or variable', () => {
    for (const parsed of [parseCliOptions(['--no-buyers'], {}), parseCliOptions([], { SANDBOX_BUYERS: 'off' })]) {
      if (parsed.kind !== 'options') throw new Error(`unexpected ${parsed.kind}`);
      expect(toSandboxOptions(parsed.options, 1).buyers).toBeUndefined();
    }
  });

  it('names the bad option', () => {
    expect(parseCliOptions(['--port', 'eighty'], {})).toEqual({ kind: 'error', message: expect.stringContaining('--port (SANDBOX_PORT)') });
    expect(parseCliOptions([], { SANDBOX_RATE_LIMIT: '-3' })).toEqual({
      kind: 'error',
      message: expect.stringContaining('--rate-limit (SANDBOX_RATE_LIMIT): rate limit must be 0 or more'),
    });
    expect(parseCliOptions(['--frobnicate'], {})).toMatchObject({ kind: 'error' });
    expect(parseCliOptions(['--help'], {})).toEqual({ kind: 'help' });
  });
});

describe('npm run sandbox', () => {
  it('prints a base URL and a working key, and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--no-buyers'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('Press Ctrl+C')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const baseUrl = output.match(/SELLER_API_URL=(\S+)/)?.[1];
      const apiKey = output.match(/SELLER_API_KEY=(\S+)/)?.[1];
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(apiKey).toMatch(/^svc_sk_[A-Za-z0-9]{40}$/);
      const reply = await call(baseUrl as string, 'GET', '/products', { key: apiKey });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('ratelimit-limit')).toBe('120');

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
