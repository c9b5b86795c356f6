/**
 * `npm run doctor`: checks a setup the way the bridge will use it, one verdict per line, never a secret.
 * Each check is a small function; a check that cannot run because an earlier one failed says so. It speaks the
 * seller's language (BOT_LANGUAGE; English while the configuration is wrong): locales/<language>/doctor.ftl.
 */
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Api } from 'grammy';
import { pino } from 'pino';
import { configSecrets, isConfigError, loadConfig, type Config, type SellerConfig } from '../config/index.ts';
import { storeDatabasePath } from '../db/store-files.ts';
import { schemaStatus } from '../db/migrations.ts';
import { createSellerApiClient, type SellerApiClient } from '../seller-api/client.ts';
import { languageOrDefault, plainTexts, type PlainTexts } from '../i18n/plain-texts.ts';
import { isSellerApiError } from '../seller-api/errors.ts';
import { redactSecrets } from '../shared/redact.ts';

export type Verdict = 'ok' | 'warn' | 'fail' | 'skip';

/** The checks by the name results carry (what tests and scripts match on); the printed label is translated. */
const CHECK = {
  configuration: 'configuration',
  bot: 'telegram bot',
  chat: 'telegram chat',
  store: 'store API',
  rate: 'rate limit',
  database: 'database',
} as const;
type CheckName = (typeof CHECK)[keyof typeof CHECK];

export interface CheckResult {
  name: CheckName;
  verdict: Verdict;
  detail: string;
}

export interface DoctorOptions {
  env: NodeJS.ProcessEnv;
  argv: readonly string[];
  /** Timeouts for the network checks (tests make them short). */
  timeoutMs?: number;
  /** The language of the details; BOT_LANGUAGE from `env` by default (doctorTexts). */
  texts?: PlainTexts;
}

/**
 * BOT_LANGUAGE if it names a language there are files for, else English: a wrong value is itself reported by the
 * configuration check, in English, as before.
 */
export const doctorTexts = (env: NodeJS.ProcessEnv): PlainTexts => plainTexts(languageOrDefault(env.BOT_LANGUAGE));

const explain = (error: unknown, secrets: readonly string[]): string => {
  const text = isSellerApiError(error) ? `${error.code}: ${error.hint}` : error instanceof Error ? error.message : String(error);
  return redactSecrets(text, secrets);
};

export async function runDoctor(options: DoctorOptions): Promise<CheckResult[]> {
  const tr = options.texts ?? doctorTexts(options.env);
  let config: Config;
  try {
    config = loadConfig(options.env, options.argv);
  } catch (error) {
    return [{ name: CHECK.configuration, verdict: 'fail', detail: configFailure(error, tr) }];
  }
  const secrets = configSecrets(config);
  const results: CheckResult[] = [
    {
      name: CHECK.configuration,
      verdict: config.warnings.length > 0 ? 'warn' : 'ok',
      // The warnings are the configuration's own words (English), as npm start logs them.
      detail: [tr.text('doctor-config-valid', { mode: config.mode }), ...config.warnings].join('; '),
    },
  ];

  const timeoutSeconds = Math.ceil((options.timeoutMs ?? 10_000) / 1000);
  const telegram = new Api(config.telegram.token, {
    timeoutSeconds,
    ...(config.telegram.apiRoot === undefined ? {} : { apiRoot: config.telegram.apiRoot }),
  });
  const botCheck = await checkBot(telegram, secrets, tr);
  results.push(botCheck.result);
  results.push(
    botCheck.botId === undefined
      ? skipped(CHECK.chat, tr.text('doctor-chat-skipped'))
      : await checkChat(telegram, config, botCheck.botId, secrets, tr),
  );

  const store = await checkStore(config, options.timeoutMs ?? 10_000, secrets, tr);
  results.push(...store);
  results.push(checkDatabase(config.databasePath, tr));
  // Each store other than `main` keeps its own database beside DATABASE_PATH.
  for (const store of config.stores) {
    const path = storeDatabasePath(config.databasePath, store.name);
    if (path !== config.databasePath) results.push(checkDatabase(path, tr));
  }
  return results;
}

/** formatConfigError's line in the seller's language; the problem itself is the configuration's (English) words. */
function configFailure(error: unknown, tr: PlainTexts): string {
  // Not the configuration's fault but a bug in start-up (formatConfigError's other case): its message, no stack.
  if (!isConfigError(error)) return tr.text('doctor-startup-failed', { reason: error instanceof Error ? error.message : String(error) });
  const others = [...new Set(error.problems.slice(1).map((problem) => problem.variable))];
  const also = others.length > 0 ? tr.text('doctor-config-also', { variables: others.join(', ') }) : '';
  return tr.text('doctor-config-error', { problem: error.message, also });
}

const skipped = (name: CheckName, why: string): CheckResult => ({ name, verdict: 'skip', detail: why });

async function checkBot(api: Api, secrets: readonly string[], tr: PlainTexts): Promise<{ result: CheckResult; botId?: number }> {
  try {
    const me = await api.getMe();
    return { result: { name: CHECK.bot, verdict: 'ok', detail: tr.text('doctor-bot-ok', { username: me.username }) }, botId: me.id };
  } catch (error) {
    return { result: { name: CHECK.bot, verdict: 'fail', detail: tr.text('doctor-bot-failed', { reason: explain(error, secrets) }) } };
  }
}

async function checkChat(api: Api, config: Config, botId: number, secrets: readonly string[], tr: PlainTexts): Promise<CheckResult> {
  const chatId = config.telegram.chatId;
  if (chatId === undefined) return { name: CHECK.chat, verdict: 'warn', detail: tr.text('doctor-chat-unset') };
  // A string, so Fluent does not group its digits (-1,001,122,…).
  const chatIdText = String(chatId);
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
          name: CHECK.chat,
          verdict: 'fail',
          detail: tr.text('doctor-chat-may-not-write', { title: chat.title ?? chatIdText, status: member.status }),
        };
    }
    // Proves write permission without leaving a message behind.
    await api.sendChatAction(chatId, 'typing');
    const about = { type: chat.type, title: chat.title ?? '', chatId: chatIdText };
    if (chat.type !== 'supergroup' || chat.is_forum !== true || config.telegram.topics === 'off')
      return { name: CHECK.chat, verdict: 'ok', detail: tr.text('doctor-chat-reachable', about) };
    const member = await api.getChatMember(chatId, botId);
    const mayManage = member.status === 'creator' || (member.status === 'administrator' && member.can_manage_topics === true);
    return mayManage
      ? { name: CHECK.chat, verdict: 'ok', detail: tr.text('doctor-chat-forum', about) }
      : { name: CHECK.chat, verdict: 'warn', detail: tr.text('doctor-chat-forum-no-rights', about) };
  } catch (error) {
    return {
      name: CHECK.chat,
      verdict: 'fail',
      detail: tr.text('doctor-chat-unreachable', { chatId: chatIdText, reason: explain(error, secrets) }),
    };
  }
}

async function checkStore(config: Config, timeoutMs: number, secrets: readonly string[], tr: PlainTexts): Promise<CheckResult[]> {
  if (config.mode !== 'live')
    return [skipped(CHECK.store, tr.text('doctor-store-trial')), skipped(CHECK.rate, tr.text('doctor-rate-trial'))];
  const several = config.stores.length > 1;
  const results: CheckResult[] = [];
  for (const store of config.stores) {
    const checked = await checkOneStore(store, timeoutMs, secrets, tr);
    // With several stores each line names its store.
    results.push(...(several ? checked.map((result) => ({ ...result, detail: `[${store.name}] ${result.detail}` })) : checked));
  }
  return results;
}

async function checkOneStore(access: SellerConfig, timeoutMs: number, secrets: readonly string[], tr: PlainTexts): Promise<CheckResult[]> {
  let api: SellerApiClient | undefined;
  try {
    api = createSellerApiClient({
      baseUrl: access.baseUrl,
      apiKey: access.apiKey,
      deliverField: access.deliverField,
      logger: pino({ level: 'silent' }),
      retry: { maxAttempts: 2, baseDelayMs: 200, maxDelayMs: 1_000 },
      timeouts: { connectMs: timeoutMs, headersMs: timeoutMs, bodyMs: timeoutMs },
      maxRateLimitWaitMs: timeoutMs,
    });
    const products = await api.listProducts();
    const store: CheckResult = {
      name: CHECK.store,
      verdict: products.length > 0 ? 'ok' : 'warn',
      detail: products.length > 0 ? tr.text('doctor-store-ok', { products: products.length }) : tr.text('doctor-store-no-products'),
    };
    const limit = api.rateLimit();
    // Strings, as the headers said them (and `?` for one not seen).
    const rate: CheckResult =
      limit?.limit !== undefined || limit?.remaining !== undefined
        ? {
            name: CHECK.rate,
            verdict: 'ok',
            detail: tr.text('doctor-rate-ok', { limit: String(limit.limit ?? '?'), remaining: String(limit.remaining ?? '?') }),
          }
        : { name: CHECK.rate, verdict: 'warn', detail: tr.text('doctor-rate-none') };
    return [store, rate];
  } catch (error) {
    const hint = isSellerApiError(error) && error.code === 'API_KEY_INVALID' ? 'key' : 'url';
    return [
      { name: CHECK.store, verdict: 'fail', detail: tr.text('doctor-store-failed', { reason: explain(error, secrets), hint }) },
      skipped(CHECK.rate, tr.text('doctor-rate-skipped')),
    ];
  } finally {
    await api?.close();
  }
}

function checkDatabase(path: string, tr: PlainTexts): CheckResult {
  const file = resolve(path);
  try {
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      accessSync(dirname(file), constants.W_OK);
      return { name: CHECK.database, verdict: 'ok', detail: tr.text('doctor-database-new', { path }) };
    }
    accessSync(file, constants.R_OK | constants.W_OK);
    accessSync(dirname(file), constants.W_OK); // WAL and journal files live beside it
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const schema = schemaStatus(db);
      const versions = { version: schema.version, latest: schema.latest };
      if (schema.state === 'ahead') return { name: CHECK.database, verdict: 'fail', detail: tr.text('doctor-database-ahead', versions) };
      if (schema.state === 'behind') return { name: CHECK.database, verdict: 'ok', detail: tr.text('doctor-database-behind', versions) };
      return { name: CHECK.database, verdict: 'ok', detail: tr.text('doctor-database-current', versions) };
    } finally {
      db.close();
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { name: CHECK.database, verdict: 'fail', detail: tr.text('doctor-database-unusable', { path, reason }) };
  }
}

const MARK: Record<Verdict, string> = { ok: '✓', warn: '!', fail: '✗', skip: '-' };

const CHECK_KEYS = new Map(Object.entries(CHECK).map(([key, name]) => [name as string, key]));

/** The report in `tr`'s language: the language the details were written in (doctorTexts of the same env). */
export function formatReport(results: readonly CheckResult[], tr: PlainTexts = plainTexts()): { lines: string[]; ok: boolean } {
  const labels = results.map((result) => tr.text('doctor-check', { check: CHECK_KEYS.get(result.name) ?? result.name }));
  const width = Math.max(...labels.map((label) => label.length));
  const lines = results.map((result, i) => `${MARK[result.verdict]} ${(labels[i] ?? '').padEnd(width)}  ${result.detail}`);
  const ok = results.every((result) => result.verdict !== 'fail');
  lines.push(tr.text(ok ? 'doctor-all-passed' : 'doctor-some-failed'));
  return { lines, ok };
}
