/**
 * The HTTP side: a node:http server on 127.0.0.1 that takes POST /bot<token>/<method> with a JSON, urlencoded or
 * multipart (a file upload) body, records the call, applies a programmed fault or routes it to its handler, and answers `{ok, result}` or
 * `{ok: false, error_code, description, parameters}`. GET /file/bot<token>/<path> downloads a file users sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from './errors.ts';
import { failureBody, type Faults } from './faults.ts';
import { parseMultipart } from './multipart.ts';
import type { RecordedCall } from './types.ts';

/** A Bot API method: returns (or resolves to) its result, throws ApiError for an error answer. */
export type MethodHandler = (params: Record<string, unknown>, closed: AbortSignal) => unknown;
export type Methods = Record<string, MethodHandler>;

export interface ServerOptions {
  token: string;
  methods: Methods;
  faults: Faults;
  /** Where calls are recorded, in order of arrival. */
  calls: RecordedCall[];
  /** The bytes of a file by its download path (files.ts). */
  fileAt?: (path: string) => Buffer | undefined;
}

export interface FakeServer {
  apiRoot: string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const type = request.headers['content-type'] ?? '';
  if (type.includes('multipart/form-data')) return parseMultipart(Buffer.concat(chunks), type);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return {};
  if (type.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  // Form bodies carry objects as JSON strings, numbers as strings.
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    try {
      params[key] = JSON.parse(value);
    } catch {
      params[key] = value;
    }
  }
  return params;
}

function reply(response: ServerResponse, status: number, body: unknown) {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Streamed in chunks without a Content-Length, so a client can only cap it by counting what arrives. */
function serveFile(response: ServerResponse, bytes: Buffer) {
  response.writeHead(200, { 'content-type': 'application/octet-stream' });
  for (let at = 0; at < bytes.byteLength; at += 64 * 1024) response.write(bytes.subarray(at, at + 64 * 1024));
  response.end();
}

export async function startServer({ token, methods, faults, calls, fileAt }: ServerOptions): Promise<FakeServer> {
  const record = (method: string, params: Record<string, unknown>, ok: boolean) => {
    calls.push({ method, params, ok, at: Date.now() });
  };
  /** Recorded on arrival (a long poll is visible while it waits); `ok` is filled in when it is answered. */
  const arrive = (method: string, params: Record<string, unknown>): RecordedCall => {
    const call = { method, params, ok: false, at: Date.now() };
    calls.push(call);
    return call;
  };

  const download = (response: ServerResponse, requestToken: string, path: string) => {
    const bytes = requestToken === token ? fileAt?.(path) : undefined;
    record('downloadFile', { path }, bytes !== undefined);
    if (requestToken !== token) return reply(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    if (bytes === undefined) return reply(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    serveFile(response, bytes);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(request.url ?? '');
    if (file) return download(response, file[1] ?? '', decodeURIComponent(file[2] ?? ''));
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? '');
    if (!match) return reply(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, requestToken, method] = match as unknown as [string, string, string];
    let params: Record<string, unknown>;
    try {
      params = await readBody(request);
    } catch {
      return reply(response, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid body' });
    }
    if (requestToken !== token) {
      record(method, params, false);
      return reply(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    }
    const fault = faults.take(method) ?? faults.ofChat(params.chat_id);
    if (fault && 'network' in fault) {
      record(method, params, false);
      request.socket.destroy();
      return;
    }
    if (fault) {
      record(method, params, false);
      return reply(response, fault.error_code, failureBody(fault));
    }
    const call = arrive(method, params);
    try {
      const implementation = methods[method];
      if (!implementation) throw new ApiError(404, 'Not Found: method not found');
      // The response's close (not the request's) tells that the client went away.
      const closed = new AbortController();
      response.once('close', () => closed.abort());
      const result: unknown = await implementation(params, closed.signal);
      call.ok = true;
      reply(response, 200, { ok: true, result });
    } catch (error) {
      if (error instanceof ApiError)
        return reply(response, error.code, { ok: false, error_code: error.code, description: error.description });
      reply(response, 500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` });
    }
  };

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
