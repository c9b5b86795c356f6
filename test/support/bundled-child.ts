/**
 * A test's child process as one module bundled like `npm start`'s (scripts/build.ts) and run by plain node: a kill -9
 * test starts its child tens of times, and tsx compiling the bridge's imports again costs about a second each start.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, DIST_DIR } from '../../scripts/build.ts';

const ROOT = join(import.meta.dirname, '..', '..');

export interface BundledChild {
  path: string;
  remove(): void;
}

/** Bundles `entry` (relative to the repository) under dist/, named for this test process so none shares a file. */
export async function bundledChild(entry: string, name: string): Promise<BundledChild> {
  const file = `${name}-${process.pid}`;
  await bundle({ entryPoints: { [file]: entry }, outdir: DIST_DIR });
  const path = join(ROOT, DIST_DIR, `${file}.mjs`);
  return { path, remove: () => rmSync(path, { force: true }) };
}
