/**
 * multipart/form-data bodies, as grammY sends a call with a file (InputFile): every field a part, each file a part
 * named by a random id that a field points at with `attach://<id>`. Fields come back as in form bodies (JSON where
 * they parse), and each `attach://` reference as the uploaded file.
 */

import type { UploadedFile } from './types.ts';

interface Part {
  name: string;
  fileName: string | undefined;
  body: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function parts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const found: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // Each part sits between "\r\n" after the delimiter and "\r\n" before the next one.
    const raw = body.subarray(start + CRLF.length, next - CRLF.length);
    const split = raw.indexOf(HEADER_END);
    if (split >= 0) {
      const headers = raw.subarray(0, split).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const fileName = /filename="?([^";\r\n]*)"?/i.exec(headers)?.[1];
      if (name !== undefined) found.push({ name, fileName, body: raw.subarray(split + HEADER_END.length) });
    }
    at = next;
  }
  return found;
}

export function parseMultipart(body: Buffer, contentType: string): Record<string, unknown> {
  const boundary = /boundary=([^;]+)/i.exec(contentType)?.[1];
  if (boundary === undefined) throw new Error('multipart body without a boundary');
  const files = new Map<string, UploadedFile>();
  const params: Record<string, unknown> = {};
  for (const part of parts(body, boundary)) {
    if (part.fileName !== undefined) {
      files.set(part.name, { fileName: part.fileName, bytes: Buffer.from(part.body) });
      continue;
    }
    const value = part.body.toString('utf8');
    try {
      params[part.name] = JSON.parse(value);
    } catch {
      params[part.name] = value;
    }
  }
  for (const [key, value] of Object.entries(params)) {
    const id = typeof value === 'string' ? /^attach:\/\/(.+)$/.exec(value)?.[1] : undefined;
    if (id !== undefined && files.has(id)) params[key] = files.get(id);
  }
  return params;
}
