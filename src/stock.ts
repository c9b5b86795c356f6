/**
 * `npm run stock -- <command>`: manage the items auto-delivery hands out. Reads only DATABASE_PATH (from the
 * environment or .env), like `npm run backup`, so it works where the Telegram and store variables are not set, and
 * BOT_LANGUAGE for its answers: unset or unknown, it answers in English rather than refuse (doctor reports it).
 */
import { readFile } from 'node:fs/promises';
import { pino } from 'pino';
import { environmentWithDotEnv, formatConfigError, isConfigError, loadBackupConfig } from './config/index.ts';
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

async function main(args: string[]): Promise<number> {
  const env = environmentWithDotEnv(process.env, '.env');
  let databasePath: string;
  try {
    ({ databasePath } = loadBackupConfig(env));
  } catch (error) {
    console.error(isConfigError(error) ? formatConfigError(error) : String(error));
    return 1;
  }
  const db = openDatabase(databasePath, { logger: pino({ level: 'warn' }) });
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
