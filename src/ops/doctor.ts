/**
 * `npm run doctor`: checks a setup the way the bridge will use it, one verdict per line, never a secret.
 * Each check is a small function; a check that cannot run because an earlier one failed says so.
 */
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Api } from 'grammy';
import { pino } from 'pino';
import { configSecrets, formatConfigError, loadConfig, type Config } from '../config/index.ts';
import { schemaStatus } from '../db/migrations.ts';
import { createSellerApiClient, type SellerApiClient } from '../seller-api/client.ts';
import { isSellerApiError } from '../seller-api/errors.ts';
import { redactSecrets } from '../shared/redact.ts';

export type Verdict = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  verdict: Verdict;
  detail: string;
}

export interface DoctorOptions {
  env: NodeJS.ProcessEnv;
  argv: readonly string[];
  /** Timeouts for the network checks (tests make them short). */
  timeoutMs?: number;
}

const explain = (error: unknown, secrets: readonly string[]): string => {
  const text = isSellerApiError(error) ? `${error.code}: ${error.hint}` : error instanceof Error ? error.message : String(error);
  return redactSecrets(text, secrets);
};

export async function runDoctor(options: DoctorOptions): Promise<CheckResult[]> {
  let config: Config;
  try {
    config = loadConfig(options.env, options.argv);
  } catch (error) {
    return [{ name: 'configuration', verdict: 'fail', detail: formatConfigError(error) }];
  }
  const secrets = configSecrets(config);
  const results: CheckResult[] = [
    {
      name: 'configuration',
      verdict: config.warnings.length > 0 ? 'warn' : 'ok',
      detail: [`valid (${config.mode === 'sandbox' ? 'trial mode' : 'live mode'})`, ...config.warnings].join('; '),
    },
  ];

  const timeoutSeconds = Math.ceil((options.timeoutMs ?? 10_000) / 1000);
  const telegram = new Api(config.telegram.token, {
    timeoutSeconds,
    ...(config.telegram.apiRoot === undefined ? {} : { apiRoot: config.telegram.apiRoot }),
  });
  const botCheck = await checkBot(telegram, secrets);
  results.push(botCheck.result);
  results.push(
    botCheck.botId === undefined
      ? skipped('telegram chat', 'the bot token must work first')
      : await checkChat(telegram, config, botCheck.botId, secrets),
  );

  const store = await checkStore(config, options.timeoutMs ?? 10_000, secrets);
  results.push(...store);
  results.push(checkDatabase(config.databasePath));
  return results;
}

const skipped = (name: string, why: string): CheckResult => ({ name, verdict: 'skip', detail: why });

async function checkBot(api: Api, secrets: readonly string[]): Promise<{ result: CheckResult; botId?: number }> {
  try {
    const me = await api.getMe();
    return { result: { name: 'telegram bot', verdict: 'ok', detail: `token accepted: @${me.username}` }, botId: me.id };
  } catch (error) {
    return {
      result: { name: 'telegram bot', verdict: 'fail', detail: `getMe failed: ${explain(error, secrets)} (check TELEGRAM_BOT_TOKEN)` },
    };
  }
}

async function checkChat(api: Api, config: Config, botId: number, secrets: readonly string[]): Promise<CheckResult> {
  const chatId = config.telegram.chatId;
  if (chatId === undefined)
    return {
      name: 'telegram chat',
      verdict: 'warn',
      detail: 'TELEGRAM_CHAT_ID not set: trial mode binds the first private chat that sends /start',
    };
  try {
    const chat = await api.getChat(chatId);
    if (chat.type !== 'private') {
      const member = await api.getChatMember(chatId, botId);
      const mayWrite =
        member.status === 'administrator' ||
        member.status === 'creator' ||
        member.status === 'member' ||
        (member.status === 'restricted' && member.can_send_messages);
      if (!mayWrite)
        return {
          name: 'telegram chat',
          verdict: 'fail',
          detail: `the bot may not write in "${chat.title ?? chatId}" (status ${member.status}): add it to the group and allow it to send messages`,
        };
    }
    // Proves write permission without leaving a message behind.
    await api.sendChatAction(chatId, 'typing');
    const label = chat.type === 'private' ? 'private chat' : `${chat.type} "${chat.title ?? ''}"`;
    const reachable = `${label} ${chatId} reachable and writable`;
    if (chat.type !== 'supergroup' || chat.is_forum !== true || config.telegram.topics === 'off')
      return { name: 'telegram chat', verdict: 'ok', detail: reachable };
    const member = await api.getChatMember(chatId, botId);
    const mayManage = member.status === 'creator' || (member.status === 'administrator' && member.can_manage_topics === true);
    return mayManage
      ? { name: 'telegram chat', verdict: 'ok', detail: `${reachable}; a forum: each order gets its own topic` }
      : {
          name: 'telegram chat',
          verdict: 'warn',
          detail: `${reachable}; a forum, but the bot lacks the admin right "Manage topics": orders go to the General topic until you give it (or set TELEGRAM_TOPICS=off)`,
        };
  } catch (error) {
    return {
      name: 'telegram chat',
      verdict: 'fail',
      detail: `chat ${chatId} not reachable: ${explain(error, secrets)} (for a private chat, send /start to the bot first; for a group, add the bot)`,
    };
  }
}

async function checkStore(config: Config, timeoutMs: number, secrets: readonly string[]): Promise<CheckResult[]> {
  if (config.mode !== 'live')
    return [skipped('store API', 'trial mode uses the in-process sandbox store'), skipped('rate limit', 'trial mode')];
  let api: SellerApiClient | undefined;
  try {
    api = createSellerApiClient({
      baseUrl: config.seller.baseUrl,
      apiKey: config.seller.apiKey,
      deliverField: config.seller.deliverField,
      logger: pino({ level: 'silent' }),
      retry: { maxAttempts: 2, baseDelayMs: 200, maxDelayMs: 1_000 },
      timeouts: { connectMs: timeoutMs, headersMs: timeoutMs, bodyMs: timeoutMs },
      maxRateLimitWaitMs: timeoutMs,
    });
    const products = await api.listProducts();
    const store: CheckResult = {
      name: 'store API',
      verdict: products.length > 0 ? 'ok' : 'warn',
      detail:
        products.length > 0
          ? `key accepted: ${products.length} automation-enabled product${products.length === 1 ? '' : 's'}`
          : 'key accepted, but no product has external automation enabled: no order will be listed',
    };
    const limit = api.rateLimit();
    const rate: CheckResult =
      limit?.limit !== undefined || limit?.remaining !== undefined
        ? { name: 'rate limit', verdict: 'ok', detail: `headers seen: limit ${limit.limit ?? '?'}, remaining ${limit.remaining ?? '?'}` }
        : { name: 'rate limit', verdict: 'warn', detail: 'no RateLimit-* headers seen: pacing relies on 429 answers alone' };
    return [store, rate];
  } catch (error) {
    const hint =
      isSellerApiError(error) && error.code === 'API_KEY_INVALID' ? ' (SELLER_API_KEY revoked or wrong)' : ' (check SELLER_API_URL)';
    return [
      { name: 'store API', verdict: 'fail', detail: `${explain(error, secrets)}${hint}` },
      skipped('rate limit', 'the store must answer first'),
    ];
  } finally {
    await api?.close();
  }
}

function checkDatabase(path: string): CheckResult {
  const file = resolve(path);
  try {
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      accessSync(dirname(file), constants.W_OK);
      return { name: 'database', verdict: 'ok', detail: `${path} will be created (folder writable)` };
    }
    accessSync(file, constants.R_OK | constants.W_OK);
    accessSync(dirname(file), constants.W_OK); // WAL and journal files live beside it
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const schema = schemaStatus(db);
      if (schema.state === 'ahead')
        return {
          name: 'database',
          verdict: 'fail',
          detail: `schema version ${schema.version} is newer than this build (${schema.latest}): run the newer build or restore a backup`,
        };
      if (schema.state === 'behind')
        return {
          name: 'database',
          verdict: 'ok',
          detail: `writable; schema ${schema.version} will be migrated to ${schema.latest} at start`,
        };
      return { name: 'database', verdict: 'ok', detail: `writable; schema current (version ${schema.version})` };
    } finally {
      db.close();
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      name: 'database',
      verdict: 'fail',
      detail: `${path} is not usable: ${reason} (check DATABASE_PATH and its folder's permissions)`,
    };
  }
}

const MARK: Record<Verdict, string> = { ok: '✓', warn: '!', fail: '✗', skip: '-' };

export function formatReport(results: readonly CheckResult[]): { lines: string[]; ok: boolean } {
  const width = Math.max(...results.map((result) => result.name.length));
  const lines = results.map((result) => `${MARK[result.verdict]} ${result.name.padEnd(width)}  ${result.detail}`);
  const ok = results.every((result) => result.verdict !== 'fail');
  lines.push(
    ok ? 'All checks passed: npm start is ready to run.' : 'Some checks failed: fix the lines marked ✗ and run npm run doctor again.',
  );
  return { lines, ok };
}
