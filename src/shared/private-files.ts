/**
 * Files and folders only their owner can read: the database (unsold keys, buyer chats) and its backups. Modes are set
 * with chmod after creation, since `open(…, 0o600)` and `mkdir(…, 0o700)` are masked by the umask, and the bridge
 * runs under whatever umask `npm start`, a shell or a container gives it.
 */
import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates `path` and any missing parents, each 0700; a folder that already exists is left as it is (it may be a home
 * or a volume the seller set up). Returns the folders it created, outermost first.
 */
export function makePrivateDir(path: string): string[] {
  const target = resolve(path);
  const first = mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (first === undefined) return [];
  const created: string[] = [];
  for (let dir = target; ; dir = dirname(dir)) {
    created.unshift(dir);
    if (dir === first || dir === dirname(dir)) break;
  }
  for (const dir of created) chmodSync(dir, PRIVATE_DIR_MODE);
  return created;
}

/** Creates an empty file 0600; fails with EEXIST rather than take over a file that is already there. */
export function createPrivateFile(path: string): void {
  const fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/** Whether a mode lets anyone but the owner in (group or other bits). */
const widerThanPrivate = (mode: number): boolean => (mode & 0o077) !== 0;

/**
 * Narrows an existing file to 0600 when group or others could read or write it; returns the mode it had, or
 * undefined when it was private already or is not there.
 */
export function tightenToPrivate(path: string): number | undefined {
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
  if (!widerThanPrivate(mode)) return undefined;
  chmodSync(path, PRIVATE_FILE_MODE);
  return mode;
}

/** `0644` for a log line. */
export const octalMode = (mode: number): string => `0${(mode & 0o777).toString(8)}`;
