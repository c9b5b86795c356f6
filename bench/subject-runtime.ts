/**
 * How the subject process runs. `tsx` (default) is how `npm start` runs the bridge: TypeScript through the tsx
 * loader, whose hooks live on a loader thread with its own heap. `bundle` runs the same code bundled by esbuild
 * (tsx's own transformer) under plain node, to show what the runtime costs in memory.
 */
import { fileURLToPath } from 'node:url';

export type RuntimeName = 'tsx' | 'bundle';

export interface SubjectRuntime {
  name: RuntimeName;
  /** Module the child process runs. */
  entry: string;
  /** Node flags the child starts with (before the benchmark's own). */
  execArgv: string[];
}

const SOURCE_ENTRY = fileURLToPath(new URL('./subject/main.ts', import.meta.url));
const BUNDLE_OUT = fileURLToPath(new URL('./.build/subject.mjs', import.meta.url));

export async function prepareRuntime(name: RuntimeName): Promise<SubjectRuntime> {
  if (name === 'tsx') return { name, entry: SOURCE_ENTRY, execArgv: [...process.execArgv] };
  // esbuild comes with tsx; loaded only for this experiment.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [SOURCE_ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The native addon stays a package import, resolved from the repository's node_modules.
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);" },
    outfile: BUNDLE_OUT,
    logLevel: 'warning',
  });
  return { name, entry: BUNDLE_OUT, execArgv: [] };
}
