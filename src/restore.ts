/**
 * `npm run restore -- <backup> [--identity <key.txt>] [--store NAME]`: puts a backup in place of DATABASE_PATH (from
 * the environment or .env), or of the database of the store `--store` names, after checking it; refuses while a
 * bridge runs on it. Reads DATABASE_PATH and STORES_FILE's names alone.
 */
import { environmentWithDotEnv, formatConfigError, isConfigError, loadDatabasePath, loadStoreNames } from './config/index.ts';
import { MAIN_STORE } from './core/store-ref.ts';
import { storeDatabasePath } from './db/store-files.ts';
import { chooseStore, takeStoreOption } from './ops/store-choice.ts';
import { restoreDatabase, RestoreError } from './ops/restore.ts';

const USAGE = `Usage: npm run restore -- <backup> [--identity <age identity file>] [--store NAME]
Replaces DATABASE_PATH (default ./data/bridge.sqlite) with the backup, after an integrity and schema check.
With several stores (STORES_FILE) each store has its own database and backup: --store NAME restores that one.
Stop the bridge first. The replaced database is kept beside it as <DATABASE_PATH>.replaced-<UTC time>.
Auto-delivery of every product with stock is paused in the restored database: check /stock, then resume.
An encrypted backup (.age) needs the private key file it was encrypted to (age-keygen -o key.txt).`;

interface Args {
  backup: string;
  identity?: string;
}

function parseArgs(args: string[]): Args | string {
  const rest: string[] = [];
  let identity: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--identity' || arg === '-i') {
      identity = args[++i];
      if (identity === undefined) return '--identity needs a file';
    } else if (arg.startsWith('--identity=')) identity = arg.slice('--identity='.length);
    else if (arg.startsWith('-') && arg !== '-') return `unknown option ${arg}`;
    else rest.push(arg);
  }
  const [backup, ...extra] = rest;
  if (backup === undefined) return 'which backup? give its path';
  if (extra.length > 0) return 'one backup at a time';
  return identity === undefined ? { backup } : { backup, identity };
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const { store: asked, rest } = takeStoreOption(argv);
  const args = parseArgs(rest);
  if (typeof args === 'string') {
    console.error(`${args}.\n${USAGE}`);
    return 2;
  }
  try {
    const env = environmentWithDotEnv(process.env, '.env');
    // No --store: DATABASE_PATH itself (the shared database, and the `main` store's).
    const chosen = asked === undefined ? { store: undefined } : chooseStore(loadStoreNames(env), asked, false);
    if ('error' in chosen) {
      console.error(`${chosen.error}.\n${USAGE}`);
      return 2;
    }
    const databasePath = storeDatabasePath(loadDatabasePath(env), chosen.store ?? MAIN_STORE);
    const result = await restoreDatabase({
      databasePath,
      backupPath: args.backup,
      ...(args.identity === undefined ? {} : { identityPath: args.identity }),
    });
    const { version, latest } = result.schema;
    const schema = version === latest ? `schema version ${version}` : `schema version ${version}, brought to ${latest} at the next start`;
    const kept = result.kept.length === 0 ? '' : `; the replaced files are kept: ${result.kept.join(', ')}`;
    console.log(`Restored ${result.databasePath} from ${args.backup} (integrity ok, ${schema})${kept}. Start the bridge again.`);
    if (result.pausedStock.length > 0) {
      console.log(
        `Auto-delivery is paused for ${result.pausedStock.length} product(s) with stock (${result.pausedStock.join(', ')}): keys delivered since the backup count as unsold again. Check /stock (or npm run stock -- list), then resume.`,
      );
    }
    return 0;
  } catch (error) {
    if (isConfigError(error)) console.error(formatConfigError(error));
    else if (error instanceof RestoreError) console.error(`Restore failed (${error.code}): ${error.message}`);
    else console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
