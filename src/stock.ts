/**
 * `npm run stock -- [--store NAME] <command>`: manage the items auto-delivery hands out. Reads only DATABASE_PATH
 * and STORES_FILE's store names (from the environment or .env), so it works where the Telegram and store variables
 * and the API keys are not set; `--store` picks the store's database (required with two or more stores); and
 * BOT_LANGUAGE for its answers: unset or unknown, it answers in English rather than refuse (doctor reports it).
 */
import { readFile } from 'node:fs/promises';
import { pino } from 'pino';
import { environmentWithDotEnv, formatConfigError, isConfigError, loadBackupConfig, loadStoreNames } from './config/index.ts';
import { MAIN_STORE as DEFAULT_STORE } from './core/store-ref.ts';
import { storeDatabasePath } from './db/store-files.ts';
import { chooseStore, takeStoreOption } from './ops/store-choice.ts';
import { openDatabase } from './db/open.ts';
import { createStockQueries } from './db/stock.ts';
import { languageOrDefault, plainTexts } from './i18n/plain-texts.ts';
import { runStockCommand } from './ops/stock-command.ts';

/** Bytes, not text: core/stock/stock-file.ts decides how the file is written, as it does for a Telegram upload. */
async function readBytes(path: string): Promise<Uint8Array> {
  if (path !== '-') return readFile(path);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function main(argv: string[]): Promise<number> {
  const env = environmentWithDotEnv(process.env, '.env');
  const { store: asked, rest: args } = takeStoreOption(argv);
  let databasePath: string;
  let names: string[];
  try {
    ({ databasePath } = loadBackupConfig(env));
    names = loadStoreNames(env);
  } catch (error) {
    console.error(isConfigError(error) ? formatConfigError(error) : String(error));
    return 1;
  }
  const chosen = chooseStore(names, asked, true);
  if ('error' in chosen) {
    console.error(chosen.error);
    return 2;
  }
  const db = openDatabase(storeDatabasePath(databasePath, chosen.store ?? DEFAULT_STORE), { logger: pino({ level: 'warn' }) });
  try {
    const result = await runStockCommand(args, {
      stock: createStockQueries(db),
      readBytes,
      now: Date.now,
      texts: plainTexts(languageOrDefault(env.BOT_LANGUAGE)),
    });
    for (const line of result.out) console.log(line);
    for (const line of result.err) console.error(line);
    return result.exitCode;
  } finally {
    db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
