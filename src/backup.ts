/**
 * `npm run backup [-- <destination>]`: a consistent copy of the bridge's database, safe while the
 * bridge runs. Reads only DATABASE_PATH and BACKUP_AGE_RECIPIENT (from the environment or .env), so it works
 * from cron or a shell where the Telegram and store variables are not set.
 */
import { environmentWithDotEnv, formatConfigError, isConfigError, loadBackupConfig } from './config/index.ts';
import { backupDatabase, BackupError } from './ops/backup.ts';

const USAGE = `Usage: npm run backup [-- <destination.sqlite>]
Copies DATABASE_PATH (default ./data/bridge.sqlite) while the bridge may be running.
Without a destination, writes <DATABASE_PATH>.backup-<UTC time>.sqlite beside the database.
With BACKUP_AGE_RECIPIENT set the backup is encrypted to it (default name …sqlite.age).`;

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const [destination, ...extra] = args;
  if (extra.length > 0) {
    console.error(`Too many arguments.\n${USAGE}`);
    return 2;
  }
  try {
    const config = loadBackupConfig(environmentWithDotEnv(process.env, '.env'));
    const result = await backupDatabase(destination === undefined ? config : { ...config, destination });
    const sealed = result.encrypted ? ', encrypted to BACKUP_AGE_RECIPIENT' : '';
    console.log(`Backup written to ${result.destination} (${formatSize(result.bytes)}, ${result.pages} pages, integrity ok${sealed})`);
    return 0;
  } catch (error) {
    if (isConfigError(error)) console.error(formatConfigError(error));
    else if (error instanceof BackupError) console.error(`Backup failed (${error.code}): ${error.message}`);
    else console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB, ${bytes} bytes`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB, ${bytes} bytes`;
}

process.exitCode = await main(process.argv.slice(2));
