/**
 * The stock file download from where the files plugin's getUrl() says: capped while it streams, token-free when it
 * fails, and local Bot API paths read from disk.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileDownloader, FileDownloadError } from '../../src/bot/stock/file-download.ts';
import { FAKE_BOT_TOKEN } from '../support/fake-telegram-api.ts';

const CAP = 1000;
let server: Server | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(handler: (path: string, response: ServerResponse) => void): Promise<string> {
  server = createServer((request, response) => handler(request.url ?? '', response));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function failure(promise: Promise<unknown>): Promise<FileDownloadError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileDownloadError);
  const { message } = error as FileDownloadError;
  expect(message).not.toContain(FAKE_BOT_TOKEN.split(':')[1]);
  return error as FileDownloadError;
}

describe('file download', () => {
  const fileUrl = (apiRoot: string, path: string) => `${apiRoot}/file/bot${FAKE_BOT_TOKEN}/${path}`;

  it('fetches <apiRoot>/file/bot<token>/<path> and returns the bytes', async () => {
    let asked = '';
    const apiRoot = await serve((path, response) => {
      asked = path;
      response.end('AB\nCD\n');
    });
    const downloader = createFileDownloader();
    expect(Buffer.from(await downloader.download(fileUrl(apiRoot, 'documents/file 1.txt'), CAP)).toString()).toBe('AB\nCD\n');
    expect(asked).toBe(`/file/bot${FAKE_BOT_TOKEN}/documents/file%201.txt`);
  });

  it('refuses an announced length over the cap, and cuts a stream without one at the cap', async () => {
    const TOTAL = 64 * 1024 * 1024;
    let written = 0;
    let closed: (finished: boolean) => void = () => {};
    const streamEnded = new Promise<boolean>((resolve) => {
      closed = resolve;
    });
    const apiRoot = await serve((path, response) => {
      if (path.endsWith('announced')) return void response.end(Buffer.alloc(CAP + 1));
      response.writeHead(200);
      response.on('close', () => closed(response.writableFinished));
      // Written as fast as the client reads: more than loopback's buffers hold, so a cut stops it.
      const pump = () => {
        while (written < TOTAL && !response.destroyed) {
          written += 64 * 1024;
          if (!response.write(Buffer.alloc(64 * 1024))) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const downloader = createFileDownloader();
    expect((await failure(downloader.download(fileUrl(apiRoot, 'announced'), CAP))).code).toBe('FILE_TOO_LARGE');
    expect((await failure(downloader.download(fileUrl(apiRoot, 'streamed'), CAP))).code).toBe('FILE_TOO_LARGE');
    expect(await streamEnded).toBe(false);
    expect(written).toBeLessThan(TOTAL);
  });

  it('fails with a code and no token when Telegram answers an error or cannot be reached', async () => {
    const apiRoot = await serve((_path, response) => {
      response.writeHead(404).end(`{"ok":false,"description":"Not Found ${FAKE_BOT_TOKEN}"}`);
    });
    const notFound = await failure(createFileDownloader().download(fileUrl(apiRoot, 'x.txt'), CAP));
    expect(notFound.message).toBe('FILE_DOWNLOAD_FAILED: Telegram answered 404');

    // A port that was just free: nobody listens there.
    const closedPort = createServer();
    await new Promise<void>((resolve) => closedPort.listen(0, '127.0.0.1', resolve));
    const { port } = closedPort.address() as AddressInfo;
    await new Promise((resolve) => closedPort.close(resolve));
    const unreachable = createFileDownloader();
    expect((await failure(unreachable.download(fileUrl(`http://127.0.0.1:${port}`, 'x.txt'), CAP))).message).toBe(
      'FILE_DOWNLOAD_FAILED: the download failed (ECONNREFUSED)',
    );
  });

  it('reads a local Bot API server file from disk, within the cap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stock-file-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'small.txt'), 'AB\n');
    writeFileSync(join(dir, 'big.txt'), Buffer.alloc(CAP + 1));
    // Never asked: an absolute path is the local server's own disk.
    const downloader = createFileDownloader();
    expect(Buffer.from(await downloader.download(join(dir, 'small.txt'), CAP)).toString()).toBe('AB\n');
    expect((await failure(downloader.download(join(dir, 'big.txt'), CAP))).code).toBe('FILE_TOO_LARGE');
    expect((await failure(downloader.download(join(dir, 'missing.txt'), CAP))).message).toContain('(ENOENT)');
  });
});
