/**
 * age (https://age-encryption.org) for backups: encrypted to the seller's public key (`BACKUP_AGE_RECIPIENT`) with
 * Filippo Valsorda's `age-encryption`, so the standard `age -d -i key.txt` opens them; decrypted by `npm run restore`
 * with the private key file the seller brings. Both stream, so a large database never sits in memory whole.
 */
import { closeSync, createReadStream, createWriteStream, linkSync, openSync, readSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { armor, Decrypter, Encrypter } from 'age-encryption';
import { createPrivateFile } from '../shared/private-files.ts';

/** The first line of a binary age file, and of an ASCII-armored one (`age -a`). */
const AGE_MAGIC = 'age-encryption.org/v1\n';
const ARMOR_MAGIC = '-----BEGIN AGE ENCRYPTED FILE-----';
/** Why the library refuses a key that is not the file's: its own words, matched to tell the seller which key is wrong. */
const NO_MATCHING_IDENTITY = /no identity matched/i;

export type AgeFileKind = 'age' | 'age-armored' | 'other';

/** What a file is, from its first bytes. */
export function ageKindOf(path: string): AgeFileKind {
  const head = readHead(path, ARMOR_MAGIC.length).toString('latin1');
  if (head.startsWith(AGE_MAGIC)) return 'age';
  if (head.startsWith(ARMOR_MAGIC)) return 'age-armored';
  return 'other';
}

export function readHead(path: string, bytes: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Encrypts `source` to `recipient` into `destination` (0600). The ciphertext is written beside it as `.partial` and
 * linked into place when whole, so no half-written backup ever carries the final name, and nothing is overwritten.
 */
export async function encryptFile(source: string, destination: string, recipient: string): Promise<void> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true }); // left by a run killed while writing this same name
  createPrivateFile(partial);
  try {
    const plain = Readable.toWeb(createReadStream(source)) as unknown as ReadableStream<Uint8Array>;
    const sealed = await encrypter.encrypt(plain);
    await pipeline(Readable.fromWeb(sealed as unknown as WebReadableStream<Uint8Array>), createWriteStream(partial, { flags: 'r+' }));
    linkSync(partial, destination);
  } finally {
    rmSync(partial, { force: true });
  }
}

export type DecryptFailure = 'IDENTITY_INVALID' | 'IDENTITY_WRONG' | 'BACKUP_CORRUPT';

export class DecryptError extends Error {
  override readonly name = 'DecryptError';
  constructor(
    readonly code: DecryptFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The identities in an identity file as `age-keygen` writes it (`# comments`, then `AGE-SECRET-KEY-1…`); the
 * message never quotes the file, which is a private key.
 */
export function parseIdentities(text: string): string[] {
  const keys = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (keys.length === 0 || !keys.every((key) => /^AGE-SECRET-KEY-(PQ-)?1[0-9A-Z]+$/.test(key))) {
    throw new DecryptError(
      'IDENTITY_INVALID',
      'the identity file holds no age private key (a line AGE-SECRET-KEY-1…, as age-keygen writes)',
    );
  }
  return keys;
}

/** Decrypts `source` (binary or armored) into an existing empty `destination`, with the identities of a key file. */
export async function decryptFile(source: string, destination: string, identities: readonly string[]): Promise<void> {
  const decrypter = new Decrypter();
  try {
    for (const identity of identities) decrypter.addIdentity(identity);
  } catch {
    throw new DecryptError('IDENTITY_INVALID', 'the identity file holds a line that is not a valid age private key');
  }
  const input = ageKindOf(source) === 'age-armored' ? await dearmored(source) : fileStream(source);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(input);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (NO_MATCHING_IDENTITY.test(reason)) {
      throw new DecryptError('IDENTITY_WRONG', 'this identity does not open the backup: it was encrypted to another public key');
    }
    throw new DecryptError('BACKUP_CORRUPT', `the backup's age header is damaged (${reason})`);
  }
  try {
    await pipeline(Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>), createWriteStream(destination, { flags: 'r+' }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DecryptError('BACKUP_CORRUPT', `the backup is truncated or damaged: its encrypted content does not check out (${reason})`);
  }
}

const fileStream = (path: string) => Readable.toWeb(createReadStream(path)) as unknown as ReadableStream<Uint8Array>;

/** An armored file is text a few times smaller than memory anyway (`age -a` is for pasting): decoded whole. */
async function dearmored(path: string): Promise<ReadableStream<Uint8Array>> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path)) chunks.push(chunk as Buffer);
  try {
    const bytes = armor.decode(Buffer.concat(chunks).toString('latin1'));
    return new Blob([bytes]).stream() as unknown as ReadableStream<Uint8Array>;
  } catch (error) {
    throw new DecryptError('BACKUP_CORRUPT', `the armored backup is damaged (${error instanceof Error ? error.message : String(error)})`);
  }
}
