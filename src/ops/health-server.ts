/**
 * A tiny HTTP endpoint for Docker's HEALTHCHECK, systemd watchdogs and uptime monitors:
 * GET /healthz answers 200 when the bridge is working and 503 with a reason when it is not.
 * It listens on loopback unless told otherwise: it is meant for the same host or container.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const HEALTH_PATH = '/healthz';

export interface HealthReport {
  ok: boolean;
  /** Why not ok, for a person reading `docker inspect` or a monitor's alert. */
  reason?: string;
  /** Anything useful for diagnosis; must not hold secrets. */
  details?: object;
}

export type HealthCheck = () => HealthReport | Promise<HealthReport>;

export interface HealthServerOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** Default 127.0.0.1; use 0.0.0.0 to let another host (a monitor) reach it. */
  host?: string;
  check: HealthCheck;
}

export interface HealthServer {
  /** The port actually bound (differs from the option when it was 0). */
  port: number;
  /** e.g. http://127.0.0.1:8080/healthz */
  url: string;
  /** Stops listening and drops open connections (keep-alive ones too), so shutdown is not held up. */
  close(): Promise<void>;
}

export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => {
    // Whatever a request holds, it is answered or its connection dropped: never an unhandled rejection.
    answer(request, response, options.check).catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    port,
    url: `http://${urlHost}:${port}${HEALTH_PATH}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The path of a request target, query and fragment left out. An origin-form target is not parsed as a URL: `//`
 * or `//host/x` would parse as a host, and parsing throws on what is no URL. Anything odd is not the health path.
 */
function pathOf(target: string | undefined): string {
  const raw = target ?? '';
  if (!/^https?:\/\//i.test(raw)) return raw.split(/[?#]/, 1)[0] ?? '';
  // The absolute form a proxy sends.
  try {
    return new URL(raw).pathname;
  } catch {
    return '';
  }
}

async function answer(request: IncomingMessage, response: ServerResponse, check: HealthCheck): Promise<void> {
  if (pathOf(request.url) !== HEALTH_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
    send(response, request.method, 404, { ok: false, reason: 'not found: the health endpoint is GET /healthz' });
    return;
  }
  const report = await runCheck(check);
  send(response, request.method, report.ok ? 200 : 503, report);
}

/** A check that throws is itself a health problem, reported rather than crashing the server. */
async function runCheck(check: HealthCheck): Promise<HealthReport> {
  try {
    return await check();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `health check failed: ${message}` };
  }
}

function send(response: ServerResponse, method: string | undefined, status: number, body: HealthReport): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
  });
  response.end(method === 'HEAD' ? undefined : json);
}
