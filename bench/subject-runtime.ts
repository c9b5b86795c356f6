/**
 * How the subject process runs. `npm-start` (default) is how `npm start` runs the bridge: bundled by the same
 * build (scripts/build.ts) and run by plain node with the node flags of the start script. `tsx` runs the
 * TypeScript sources through the tsx loader instead (its hooks keep a thread and a heap of their own), to show
 * what that runtime would cost.
 */
import { fileURLToPath } from 'node:url';
import { bundle, startArgs } from '../scripts/build.ts';

export type RuntimeName = 'npm-start' | 'tsx';
export const RUNTIME_NAMES: readonly RuntimeName[] = ['npm-start', 'tsx'];

export interface SubjectRuntime {
  name: RuntimeName;
  /** Module the child process runs. */
  entry: string;
  /** How node loads the entry (the tsx loader's flags; none for the bundle). */
  loaderArgs: string[];
  /** The node flags of `npm start` the child runs with (none under tsx, which is not how the bridge runs). */
  nodeFlags: string[];
}

const SOURCE_ENTRY = fileURLToPath(new URL('./subject/main.ts', import.meta.url));
const BUILD_DIR = 'bench/.build';
const BUNDLE_OUT = fileURLToPath(new URL('./.build/subject.mjs', import.meta.url));

export async function prepareRuntime(name: RuntimeName): Promise<SubjectRuntime> {
  if (name === 'tsx') return { name, entry: SOURCE_ENTRY, loaderArgs: [...process.execArgv], nodeFlags: [] };
  await bundle({ entryPoints: { subject: 'bench/subject/main.ts' }, outdir: BUILD_DIR });
  return { name, entry: BUNDLE_OUT, loaderArgs: [], nodeFlags: startArgs().filter((arg) => arg.startsWith('--')) };
}
