/**
 * `npm run build` (run by `npm start` first): bundles each entry point into one ES module under dist/ with
 * esbuild, which tsx already brings along. The bridge then runs under plain node: the tsx loader keeps a
 * thread and a heap of its own for the whole run, about 40 MB of resident memory on a small server.
 *
 * Packages stay imports resolved from node_modules at run time: better-sqlite3 is a native addon, and pino
 * finds its transports by path, so neither survives bundling; only the bridge's own code is bundled.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What `npm start`, the Docker image and the systemd unit run, and the tools beside it. */
export const ENTRY_POINTS = {
  main: 'src/main.ts',
  doctor: 'src/doctor.ts',
  backup: 'src/backup.ts',
  restore: 'src/restore.ts',
  stock: 'src/stock.ts',
  export: 'src/export.ts',
  sandbox: 'src/sandbox/cli.ts',
} as const;

export const DIST_DIR = 'dist';

/**
 * What node runs for `npm start` (package.json): flags, then the bundle of `src/main.ts`. The Docker image, the
 * systemd unit and the benchmark run the same.
 */
export function startArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start?: string } };
  const [program, ...args] = (scripts.start ?? '').split(/\s+/);
  if (program !== 'node') throw new Error('npm start must run node itself');
  return args;
}

export interface BundleRequest {
  /** Output file name (without .mjs) → entry module, relative to the repository. */
  entryPoints: Record<string, string>;
  /** Output folder, relative to the repository. */
  outdir: string;
}

/** One self-contained module per entry (shared code is copied into each: no chunks to ship or keep in step). */
export async function bundle({ entryPoints, outdir }: BundleRequest): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Readable stack traces in logs: names and lines stay as written.
    minify: false,
    keepNames: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundle({ entryPoints: ENTRY_POINTS, outdir: DIST_DIR });
}
