/** Plain-fetch helpers for the sandbox tests (the typed client is tested elsewhere, against this sandbox). */
import { pino } from 'pino';
import { afterEach } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/index.ts';

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: these tests probe raw JSON of every shape, valid or not; each assertion states the shape it expects.
  json: any;
  text: string;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer`; `null` sends no key. */
  key?: string | null;
  body?: unknown;
  /** Sent verbatim (overrides `body`), e.g. malformed JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** A sandbox per test, closed after it; `api` calls `/v1` with the first store's key unless told otherwise. */
export function useSandbox() {
  const open: SandboxHandle[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((sandbox) => sandbox.close()));
  });
  return async (options: SandboxOptions = {}) => {
    const sandbox = await startSandbox({ logger: pino({ level: 'silent' }), ...options });
    open.push(sandbox);
    const api = (method: string, path: string, callOptions: CallOptions = {}) =>
      call(sandbox.baseUrl, method, path, { key: sandbox.store.apiKey, ...callOptions });
    const controlUrl = sandbox.baseUrl.replace(/\/v1$/, '/_sandbox');
    const controlCall = (method: string, path: string, callOptions: CallOptions = {}) =>
      call(controlUrl, method, path, { key: null, ...callOptions });
    return { sandbox, api, controlCall, control: sandbox.control };
  };
}

/** A clock a test moves by hand. */
export function manualClock(start = Date.parse('2025-03-01T12:00:00.000Z')) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
