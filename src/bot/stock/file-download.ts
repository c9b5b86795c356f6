/**
 * Reads a file a user sent into memory, never past a byte cap, from where grammY's files plugin says it is
 * (`getUrl()`: the Bot API's file URL, or a local Bot API server's path on this disk). The plugin's own `download()`
 * would write it to a temporary file first: for stock items that is a plaintext copy of keys that a kill -9 leaves
 * behind, so the bytes go straight to memory here. The URL holds the bot token: errors carry a code and a token-free
 * reason (an error code or an HTTP status), never the URL or fetch's own message.
 */
import { open } from 'node:fs/promises';
import { isAbsolute } from 'node:path';

export type FileDownloadErrorCode =
  /** More bytes than the cap arrived (or were announced): the rest was not read. */
  | 'FILE_TOO_LARGE'
  /** Telegram did not answer, answered with an error, or the connection broke. */
  | 'FILE_DOWNLOAD_FAILED';

export class FileDownloadError extends Error {
  override readonly name = 'FileDownloadError';
  constructor(
    readonly code: FileDownloadErrorCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface FileDownloader {
  /** The bytes at `location` (the files plugin's `getUrl()`); FILE_TOO_LARGE as soon as more than `maxBytes` arrive. */
  download(location: string, maxBytes: number): Promise<Uint8Array>;
}

export interface FileDownloaderOptions {
  /** The whole download, headers and body (default 30 s). */
  timeoutMs?: number;
}

const tooLarge = (maxBytes: number) => new FileDownloadError('FILE_TOO_LARGE', `more than ${maxBytes} bytes`);

/** Why a fetch failed, without its message: undici's messages are generic, but a cause may quote the request. */
function failureReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown error';
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
}

/** A local Bot API server started with `--local` answers getFile with a path on its own disk, shared with us. */
async function readLocal(path: string, maxBytes: number): Promise<Uint8Array> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch (error) {
    throw new FileDownloadError('FILE_DOWNLOAD_FAILED', `the local Bot API file cannot be read (${failureReason({ cause: error })})`);
  }
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    if (bytesRead > maxBytes) throw tooLarge(maxBytes);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export function createFileDownloader(options: FileDownloaderOptions = {}): FileDownloader {
  return {
    async download(location, maxBytes) {
      if (isAbsolute(location)) return readLocal(location, maxBytes);
      try {
        const response = await fetch(location, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
        if (!response.ok || response.body === null) {
          await response.body?.cancel();
          throw new FileDownloadError('FILE_DOWNLOAD_FAILED', `Telegram answered ${response.status}`);
        }
        const announced = Number(response.headers.get('content-length') ?? Number.NaN);
        if (announced > maxBytes) {
          await response.body.cancel();
          throw tooLarge(maxBytes);
        }
        return await readCapped(response.body, maxBytes);
      } catch (error) {
        if (error instanceof FileDownloadError) throw error;
        throw new FileDownloadError('FILE_DOWNLOAD_FAILED', `the download failed (${failureReason(error)})`);
      }
    },
  };
}
