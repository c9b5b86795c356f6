/**
 * Where a subject's RSS starts before it does anything: a bare node process (how `npm start` runs the bundle),
 * and a node process with the tsx loader (on Node 20 its hooks run on a loader thread with its own heap: what
 * running the sources directly would cost). Subtracting these tells the bridge's own share from the runtime's.
 */
import { execFileSync, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FloorReport } from './protocol.ts';

const FLOOR_ENTRY = fileURLToPath(new URL('./subject/floor.ts', import.meta.url));
const MB = 1024 * 1024;

export interface ProcessFloor {
  bareNodeRssMB: number;
  tsxRssMB: number;
}

export async function measureProcessFloor(nodeFlags: readonly string[]): Promise<ProcessFloor> {
  const bare = Number(
    execFileSync(process.execPath, [...nodeFlags, '-e', 'process.stdout.write(String(process.memoryUsage().rss))'], { encoding: 'utf8' }),
  );
  const withTsx = await new Promise<number>((resolve, reject) => {
    // The parent runs under tsx, so its flags are the loader's.
    const child = fork(FLOOR_ENTRY, [], { execArgv: [...process.execArgv, ...nodeFlags], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (message: unknown) => resolve((message as FloorReport).rssBytes));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the floor probe exited with ${code}`));
    });
  });
  return { bareNodeRssMB: bare / MB, tsxRssMB: withTsx / MB };
}
