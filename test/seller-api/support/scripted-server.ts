/**
 * A real HTTP server on 127.0.0.1 that answers from a script, for the client's fault cases.
 *
 * Why not nock: nock 14 hooks node:http and global fetch (through @mswjs/interceptors), but the client uses
 * undici's own `request`, which nock does not see (checked: nock-defined hosts fail with ENOTFOUND). undici's
 * MockAgent would work only as an injected dispatcher and would bypass the real sockets, timeouts and resets we
 * want to exercise, so the faults are produced by a misbehaving loopback server instead.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply =
  | { status: number; headers?: Record<string, string>; body?: unknown; raw?: string }
  /** Never answer (until the server closes). */
  | 'hang'
  /** Read the request, then drop the connection without a response. */
  | 'reset'
  | ((request: SeenRequest, res: ServerResponse) => void);

export interface ScriptedServer {
  baseUrl: string;
  requests: SeenRequest[];
  /** Queues replies, used in order; when the queue is empty every request gets `fallback`. */
  script(...replies: Reply[]): void;
  fallback: Reply;
  close(): Promise<void>;
}

export const ok = (data: unknown, headers?: Record<string, string>): Reply => ({
  status: 200,
  body: { success: true, data },
  ...(headers === undefined ? {} : { headers }),
});
export const fail = (status: number, code: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { success: false, error: { code } },
  ...(headers === undefined ? {} : { headers }),
});

export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: Reply[] = [];
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const state: ScriptedServer = {
    baseUrl: '',
    requests,
    script: (...replies) => queue.push(...replies),
    fallback: { status: 599, raw: 'unscripted request' },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      answer(queue.shift() ?? state.fallback, seen, res);
    });
  });

  function answer(reply: Reply, seen: SeenRequest, res: ServerResponse): void {
    if (reply === 'hang') {
      hanging.add(res);
      return;
    }
    if (reply === 'reset') {
      res.socket?.destroy();
      return;
    }
    if (typeof reply === 'function') {
      reply(seen, res);
      return;
    }
    const body = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    const contentType = reply.raw === undefined ? 'application/json' : 'text/html; charset=utf-8';
    res.writeHead(reply.status, { 'content-type': contentType, ...reply.headers });
    res.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/v1`;
  return state;
}

/** A port on which nothing listens: connecting is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
