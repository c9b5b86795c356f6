/**
 * Turns the environment (and the command line's `--sandbox`) into a checked `Config`, or a
 * `ConfigError` naming the first variable to fix. Nothing here reads process state: callers pass
 * the environment and argv in.
 */
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { checkApiKeyFormat } from '../seller-api/spec-gaps.ts';
import type { WeeklyHours } from '../shared/weekly-hours.ts';
import { ConfigError, type ConfigProblem } from './config-error.ts';
import { DEFAULT_STORE_NAME, parseStoresFile, storeNamesOf, type StoreConfig } from './stores-file.ts';
import { withSecretFields } from './redacted-view.ts';
import { CONFIG_VARIABLES, DEFAULT_DELIVER_FIELD, EnvSchema, type ConfigVariable, type LogLevel, type ParsedEnv } from './variables.ts';

export type Mode = 'live' | 'sandbox';

export interface TelegramConfig {
  /** Secret: hidden from JSON.stringify, util.inspect and pino. */
  token: string;
  /** Where orders go. Absent only in trial mode before the first private /start binds a chat. */
  chatId?: number;
  /** Users allowed to act. Empty only in trial mode without a chat id (the /start binding decides). */
  adminIds: number[];
  /** `TELEGRAM_STAFF_IDS`: helpers who may act but not cancel or change settings; empty when unset. */
  staffIds: number[];
  /** A local Bot API server or a test double, without a trailing slash. */
  apiRoot?: string;
  /** `TELEGRAM_TOPICS`: `auto`, a topic per order when the chat is a forum group; `off`, never. */
  topics: 'auto' | 'off';
  /** `BOT_LANGUAGE`: the language of the orders chat (cards, alerts); one of the folders in locales/. */
  language: string;
  /** `BOT_TIMEZONE`: the IANA zone every time is shown in. */
  timeZone: string;
}

export interface SellerConfig {
  /** The store API base including /v1, without a trailing slash. */
  baseUrl: string;
  /** Secret: hidden from JSON.stringify, util.inspect and pino. */
  apiKey: string;
  /** Body field that carries the issued value on deliver (`SELLER_DELIVER_FIELD`). */
  deliverField: string;
}

export interface BackupConfig {
  /** `BACKUP_EVERY_HOURS` in ms; undefined: no scheduled backups. */
  everyMs: number | undefined;
  /** `BACKUP_KEEP`: scheduled backups kept; older ones are deleted. */
  keep: number;
  /** `BACKUP_DIR`, default `backups/` beside the database. */
  dir: string;
  /** `BACKUP_AGE_RECIPIENT`: an age public key every backup is encrypted to; absent: plaintext backups, and no /backup. */
  ageRecipient?: string;
}

interface ConfigCommon {
  telegram: Readonly<TelegramConfig>;
  databasePath: string;
  pollIntervalMs: number;
  logLevel: LogLevel;
  /** Port of the /healthz endpoint; absent means no health server. 0 picks a free port. */
  healthPort?: number;
  /** After this long without an answer from the store, the seller gets one alert. */
  storeDownAlertMs: number;
  /** `AUTO_DELIVERY` and `STOCK_LOW_THRESHOLD`: delivery of stocked products from stock, and its low-stock alert. */
  stock: { autoDelivery: boolean; lowThreshold: number };
  /** `REMIND_CONFIRM_HOURS` in ms: the confirm-reminder template after this long awaiting confirmation; 0 = off. */
  remindConfirmMs: number;
  /** `DAILY_SUMMARY_AT`: local time of the daily /stats post; absent: none. */
  dailySummaryAt?: { hour: number; minute: number };
  /** `REMIND_UNTAKEN_MINUTES` and `REMIND_UNANSWERED_MINUTES` in ms; undefined: that reminder is off. */
  reminders: { untakenAfterMs: number | undefined; unansweredAfterMs: number | undefined };
  /** `SELLER_DELIVER_FIELD`, the deliver body's field name in both modes: trial mode's sandbox reads it too. */
  deliverField: string;
  /**
   * `WORKING_HOURS` (in `BOT_TIMEZONE`; undefined: always working), `AUTOREPLY_QUIET_MINUTES` in ms, and
   * `REMIND_UNANSWERED_AFTER_AUTOREPLY` (true: a buyer who got only an automatic answer is still reminded of).
   */
  autoAnswers: { hours: WeeklyHours | undefined; quietMs: number; remindAfter: boolean };
  /** `BACKUP_*`: scheduled backups while the bridge runs, and the key every backup is encrypted to. */
  backup: BackupConfig;
  /** Things that look wrong but may be right (an unusual key shape…): log them at start-up. */
  warnings: string[];
}

/** Real stores, each reached with the key its seller created. */
interface LiveConfig extends ConfigCommon {
  mode: 'live';
  /** SELLER_API_URL and SELLER_API_KEY: the one store without STORES_FILE (`stores[0]`, named `main`). */
  seller: Readonly<SellerConfig> | undefined;
  /** Every store the bot serves, at least one: STORES_FILE's, or `main` from the SELLER_* variables. */
  stores: readonly Readonly<StoreConfig>[];
}

/** Trial mode: an in-process sandbox store with simulated buyers, so no store variables. */
interface SandboxConfig extends ConfigCommon {
  mode: 'sandbox';
  seller?: undefined;
  /** The sandbox store is made at start (app/trial-store.ts). */
  stores: readonly [];
}

export type Config = LiveConfig | SandboxConfig;

const SANDBOX_FLAG = '--sandbox';

/** 0 turns a reminder off. */
const minutesToMs = (minutes: number): number | undefined => (minutes === 0 ? undefined : Math.max(1, Math.round(minutes * 60_000)));

/** Which mode the command line asks for; accepts process.argv whole or sliced. */
const modeFromArgv = (argv: readonly string[]): Mode => (argv.includes(SANDBOX_FLAG) ? 'sandbox' : 'live');

/** Trial mode's database when DATABASE_PATH is not set, beside the real one. */
export const TRIAL_DATABASE_PATH = './data/trial.sqlite';

/** How loadConfig reads STORES_FILE (tests give the text directly). */
export interface LoadConfigOptions {
  readFile?: (path: string) => string;
}

export function loadConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = [], options: LoadConfigOptions = {}): Config {
  const mode = modeFromArgv(argv);
  const { parsed, problems } = parseVariables(env, mode);
  const warnings: string[] = [];

  const adminIds = resolveAdminIds(parsed, mode, problems);
  const fromFile = mode === 'live' && parsed.STORES_FILE !== undefined;
  const seller = mode === 'live' && !fromFile ? resolveSeller(parsed, problems, warnings) : undefined;
  const stores = fromFile ? storesFromFile(parsed, env, problems, warnings, options.readFile ?? readUtf8) : seller && [mainStore(seller)];
  if (mode === 'sandbox' && SELLER_VARIABLES.some((name) => env[name]?.trim())) {
    warnings.push('SELLER_API_URL and SELLER_API_KEY are ignored in trial mode (--sandbox): the sandbox store is used');
  }
  throwIfAny(problems);
  const valid = parsed as ParsedEnv; // no problems: every variable parsed

  const telegram: TelegramConfig = {
    token: valid.TELEGRAM_BOT_TOKEN,
    adminIds,
    staffIds: valid.TELEGRAM_STAFF_IDS ?? [],
    topics: valid.TELEGRAM_TOPICS,
    language: valid.BOT_LANGUAGE,
    timeZone: valid.BOT_TIMEZONE,
  };
  if (valid.TELEGRAM_CHAT_ID !== undefined) telegram.chatId = valid.TELEGRAM_CHAT_ID;
  if (valid.TELEGRAM_API_ROOT !== undefined) telegram.apiRoot = valid.TELEGRAM_API_ROOT;

  // The trial store lives in memory: its orders must not mix with a real store's in the default database.
  const databasePath = mode === 'sandbox' && !env.DATABASE_PATH?.trim() ? TRIAL_DATABASE_PATH : valid.DATABASE_PATH;
  const common: ConfigCommon = {
    telegram: withSecretFields(telegram, ['token']),
    databasePath,
    pollIntervalMs: Math.max(1, Math.round(valid.POLL_INTERVAL_SECONDS * 1000)),
    logLevel: valid.LOG_LEVEL,
    storeDownAlertMs: Math.round(valid.STORE_DOWN_ALERT_MINUTES * 60_000),
    stock: { autoDelivery: valid.AUTO_DELIVERY === 'on', lowThreshold: valid.STOCK_LOW_THRESHOLD },
    reminders: {
      untakenAfterMs: minutesToMs(valid.REMIND_UNTAKEN_MINUTES),
      unansweredAfterMs: minutesToMs(valid.REMIND_UNANSWERED_MINUTES),
    },
    deliverField: valid.SELLER_DELIVER_FIELD,
    remindConfirmMs: Math.round(valid.REMIND_CONFIRM_HOURS * 3_600_000),
    autoAnswers: {
      hours: valid.WORKING_HOURS,
      quietMs: Math.round(valid.AUTOREPLY_QUIET_MINUTES * 60_000),
      remindAfter: valid.REMIND_UNANSWERED_AFTER_AUTOREPLY === 'on',
    },
    backup: backupConfig(valid, databasePath),
    warnings,
  };
  if (valid.HEALTH_PORT !== undefined) common.healthPort = valid.HEALTH_PORT;
  if (valid.DAILY_SUMMARY_AT !== undefined) common.dailySummaryAt = valid.DAILY_SUMMARY_AT;
  if (mode === 'sandbox') return { mode, ...common, stores: [] };
  // Live mode: no store only after a problem was reported, and throwIfAny threw it.
  return {
    mode,
    ...common,
    seller: seller && withSecretFields(seller, ['apiKey']),
    stores: (stores ?? []).map((store) => withSecretFields(store, ['apiKey'])),
  };
}

function backupConfig(valid: ParsedEnv, databasePath: string): BackupConfig {
  const hours = valid.BACKUP_EVERY_HOURS;
  return {
    everyMs: hours === 0 ? undefined : Math.max(1, Math.round(hours * 3_600_000)),
    keep: valid.BACKUP_KEEP,
    dir: valid.BACKUP_DIR ?? join(dirname(databasePath), DEFAULT_BACKUP_FOLDER),
    ...(valid.BACKUP_AGE_RECIPIENT === undefined ? {} : { ageRecipient: valid.BACKUP_AGE_RECIPIENT }),
  };
}

const DEFAULT_BACKUP_FOLDER = 'backups';

/**
 * Only what `npm run backup` and `npm run restore` need: they must work on a box where the Telegram and store
 * variables are not set (a cron job, another user's shell).
 */
export function loadBackupConfig(env: NodeJS.ProcessEnv): { databasePath: string; ageRecipient?: string } {
  const databasePath = loadDatabasePath(env);
  const recipient = EnvSchema.shape.BACKUP_AGE_RECIPIENT.safeParse(env.BACKUP_AGE_RECIPIENT);
  if (!recipient.success) {
    throw new ConfigError([{ variable: 'BACKUP_AGE_RECIPIENT', problem: recipient.error.issues[0]?.message ?? 'is not valid' }]);
  }
  return { databasePath, ...(recipient.data === undefined ? {} : { ageRecipient: recipient.data }) };
}

/**
 * The stores' names (STORES_FILE's, or `main` without it), for the CLIs that pick a store's database: the file's
 * names are read, never its secrets, so the CLIs run where the API keys are not set.
 */
export function loadStoreNames(env: NodeJS.ProcessEnv, readFile: (path: string) => string = readUtf8): string[] {
  const path = env.STORES_FILE?.trim();
  if (!path) return [DEFAULT_STORE_NAME];
  let source: string;
  try {
    source = readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError([{ variable: 'STORES_FILE', problem: `cannot be read (${code}): give the path of the stores JSON file` }]);
  }
  const found = storeNamesOf(source);
  if ('problem' in found) throw new ConfigError([found.problem]);
  return found.names;
}

/** DATABASE_PATH alone: what `npm run restore` needs. */
export function loadDatabasePath(env: NodeJS.ProcessEnv): string {
  const path = EnvSchema.shape.DATABASE_PATH.safeParse(env.DATABASE_PATH);
  if (!path.success) throw new ConfigError([{ variable: 'DATABASE_PATH', problem: 'must be a file path' }]);
  return path.data;
}

/**
 * Only what `npm run export` needs: the database and the zone its times are written in, so it runs where the
 * Telegram and store variables are not set. Each bad variable is reported, as at start-up.
 */
export function loadExportConfig(env: NodeJS.ProcessEnv): { databasePath: string; timeZone: string } {
  const { databasePath } = loadBackupConfig(env);
  const zone = EnvSchema.shape.BOT_TIMEZONE.safeParse(env.BOT_TIMEZONE);
  if (!zone.success) throw new ConfigError([{ variable: 'BOT_TIMEZONE', problem: zone.error.issues[0]?.message ?? 'is not valid' }]);
  return { databasePath, timeZone: zone.data };
}

/** Trial mode ignores the store variables, so a half-edited .env does not stop a trial. */
const SELLER_VARIABLES = ['SELLER_API_URL', 'SELLER_API_KEY'] as const;

/**
 * Each variable on its own, so one run reports every bad variable. A variable that failed is left
 * out of `parsed`: the rules between variables skip it rather than report it twice.
 */
function parseVariables(env: NodeJS.ProcessEnv, mode: Mode): { parsed: Partial<ParsedEnv>; problems: ConfigProblem[] } {
  const ignored: readonly string[] = mode === 'sandbox' ? SELLER_VARIABLES : [];
  const parsed: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  for (const name of CONFIG_VARIABLES) {
    const result = EnvSchema.shape[name].safeParse(ignored.includes(name) ? undefined : env[name]);
    if (result.success) parsed[name] = result.data;
    else problems.push({ variable: name, problem: result.error.issues[0]?.message ?? 'is not valid' });
  }
  return { parsed: parsed as Partial<ParsedEnv>, problems };
}

const failed = (problems: ConfigProblem[], variable: ConfigVariable): boolean => problems.some((p) => p.variable === variable);

function resolveAdminIds(parsed: Partial<ParsedEnv>, mode: Mode, problems: ConfigProblem[]): number[] {
  if (failed(problems, 'TELEGRAM_CHAT_ID') || failed(problems, 'TELEGRAM_ADMIN_IDS')) return [];
  const chatId = parsed.TELEGRAM_CHAT_ID;
  if (chatId === undefined && mode === 'live') {
    problems.push({
      variable: 'TELEGRAM_CHAT_ID',
      problem: 'is required: your own Telegram user id, or the id of the group where orders go',
    });
  }
  if (parsed.TELEGRAM_ADMIN_IDS !== undefined) return parsed.TELEGRAM_ADMIN_IDS;
  if (chatId === undefined) return [];
  if (chatId > 0) return [chatId];
  problems.push({
    variable: 'TELEGRAM_ADMIN_IDS',
    problem: 'is required when TELEGRAM_CHAT_ID is a group (negative id): list the user ids allowed to act',
  });
  return [];
}

function resolveSeller(parsed: Partial<ParsedEnv>, problems: ConfigProblem[], warnings: string[]): SellerConfig | undefined {
  const baseUrl = parsed.SELLER_API_URL;
  const apiKey = parsed.SELLER_API_KEY;
  if (baseUrl === undefined && !failed(problems, 'SELLER_API_URL')) {
    problems.push({
      variable: 'SELLER_API_URL',
      problem: 'is required: the store API base address including /v1 (or start with --sandbox to try the bridge)',
    });
  }
  if (apiKey === undefined && !failed(problems, 'SELLER_API_KEY')) {
    problems.push({
      variable: 'SELLER_API_KEY',
      problem: 'is required: the key created in the store settings, API keys section (or start with --sandbox)',
    });
  }
  if (baseUrl === undefined || apiKey === undefined) return undefined;

  if (!new URL(baseUrl).pathname.endsWith('/v1')) {
    warnings.push('SELLER_API_URL does not end with /v1: the API paths are appended to it as given');
  }
  const keyWarning = checkApiKeyFormat(apiKey);
  if (keyWarning !== undefined) warnings.push(`SELLER_API_KEY: ${keyWarning}`);
  return { baseUrl, apiKey, deliverField: parsed.SELLER_DELIVER_FIELD ?? DEFAULT_DELIVER_FIELD };
}

const readUtf8 = (path: string): string => readFileSync(path, 'utf8');

/** The one store of the SELLER_* variables, named `main`: its database is DATABASE_PATH, as before there were several. */
const mainStore = (seller: SellerConfig): StoreConfig => ({
  name: DEFAULT_STORE_NAME,
  title: DEFAULT_STORE_NAME,
  ...seller,
  chatId: undefined,
});

function storesFromFile(
  parsed: Partial<ParsedEnv>,
  env: NodeJS.ProcessEnv,
  problems: ConfigProblem[],
  warnings: string[],
  readFile: (path: string) => string,
): StoreConfig[] | undefined {
  for (const name of SELLER_VARIABLES) {
    if (parsed[name] !== undefined)
      problems.push({ variable: name, problem: 'must be unset when STORES_FILE is set: each store has its apiUrl and apiKey in the file' });
  }
  let source: string;
  try {
    source = readFile(parsed.STORES_FILE as string);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    problems.push({ variable: 'STORES_FILE', problem: `cannot be read (${code}): give the path of the stores JSON file` });
    return undefined;
  }
  const result = parseStoresFile(source, env, parsed.SELLER_DELIVER_FIELD ?? DEFAULT_DELIVER_FIELD);
  problems.push(...result.problems);
  warnings.push(...result.warnings);
  return result.problems.length > 0 ? undefined : result.stores;
}

function throwIfAny(problems: ConfigProblem[]): void {
  const [first, ...rest] = orderByDocumentation(problems);
  if (first) throw new ConfigError([first, ...rest]);
}

const documentationRank = (variable: string): number => (CONFIG_VARIABLES as readonly string[]).indexOf(variable);

const orderByDocumentation = (problems: ConfigProblem[]): ConfigProblem[] =>
  [...problems].sort((a, b) => documentationRank(a.variable) - documentationRank(b.variable));

/** The values the logger must scrub. In trial mode add the sandbox store's key, which is made at start. */
export const configSecrets = (config: Config): string[] =>
  [config.telegram.token, config.seller?.apiKey, ...config.stores.map((store) => store.apiKey)].filter(
    (secret): secret is string => secret !== undefined,
  );
