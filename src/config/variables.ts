/**
 * Every environment variable the bridge reads, each with the zod schema that checks it on its own.
 * Rules that involve several variables or the mode (trial mode, admins of a group chat) live in
 * load-config.ts. This object is the one list of variables: .env.example and the docs are checked
 * against its keys.
 *
 * Error messages say what is expected and never include the value (it may be a secret).
 */
import { Encrypter } from 'age-encryption';
import { z } from 'zod';
import { DEFAULT_DELIVER_FIELD } from '../seller-api/spec-gaps.ts';
import { availableLanguages, DEFAULT_LANGUAGE, isKnownTimeZone } from '../shared/locales.ts';
import { parseWeeklyHours, WEEKLY_HOURS_EXAMPLE } from '../shared/weekly-hours.ts';

const DEFAULT_DATABASE_PATH = './data/bridge.sqlite';
const DEFAULT_POLL_INTERVAL_SECONDS = 10;
/** docs/api-assumptions.md: deliver body field (the decision lives in seller-api/spec-gaps.ts). */
export { DEFAULT_DELIVER_FIELD };
const DEFAULT_LOG_LEVEL = 'info';
const DEFAULT_STORE_DOWN_ALERT_MINUTES = 5;
const DEFAULT_STOCK_LOW_THRESHOLD = 3;
const DEFAULT_REMIND_CONFIRM_HOURS = 24;
/** REMIND_CONFIRM_HOURS: 0 (off) or more, decimals allowed (`decimal` above refuses 0). */
const REMIND_HOURS_MESSAGE = 'must be a number of hours, 0 or more and at most 8760 (a year), e.g. 24 (0: no reminder)';
const DEFAULT_REMIND_UNTAKEN_MINUTES = 10;
const DEFAULT_REMIND_UNANSWERED_MINUTES = 15;
const DEFAULT_TIME_ZONE = 'UTC';
const DEFAULT_AUTOREPLY_QUIET_MINUTES = 30;
const DEFAULT_BACKUP_KEEP = 7;
const BACKUP_HOURS_MESSAGE = 'must be a number of hours, 0 or more and at most 8760 (a year), e.g. 24 (0: no scheduled backups)';
const BACKUP_KEEP_MESSAGE = 'must be a whole number of backups from 1 to 1000, e.g. 7';
const AGE_RECIPIENT_MESSAGE = 'must be an age public key: age1 followed by letters and digits, the "Public key:" line age-keygen prints';

/** The choices of BOT_LANGUAGE: one per folder in locales/, so a new language needs no code here. */
const LANGUAGES = availableLanguages();

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `<bot id>:<secret>`; BotFather's secrets are 35 url-safe characters, allow some slack. */
const BOT_TOKEN_SHAPE = /^\d{1,20}:[A-Za-z0-9_-]{30,64}$/;
const SIGNED_INTEGER = /^-?\d+$/;
const UNSIGNED_INTEGER = /^\d+$/;
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** `FOO=` in a .env file means "use the default": blank counts as unset; surrounding spaces are dropped. */
const unsetIfBlank = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

const variable = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfBlank, schema);

const requiredText = (whatItIs: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `is required: ${whatItIs}` : 'must be text') });

const integer = (shape: RegExp, message: string) =>
  z.string().regex(shape, { error: message }).transform(Number).refine(Number.isSafeInteger, { error: message });

const decimal = (message: string, max: number) =>
  z
    .string()
    .regex(DECIMAL, { error: message })
    .transform(Number)
    .refine((n) => n > 0 && n <= max, { error: message });

/** Minutes from 0 (off) to a week, decimals allowed (tests use seconds). */
const minutesOrOff = (message: string) =>
  z
    .string()
    .regex(DECIMAL, { error: message })
    .transform(Number)
    .refine((n) => n >= 0 && n <= 10080, { error: message });

/** An http(s) URL without credentials, query or fragment; trailing slashes are removed. */
const baseUrl = (whatItIs: string) =>
  z
    .string()
    .superRefine((text, ctx) => {
      const problem = urlProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: `${problem} (expected ${whatItIs})` });
    })
    .transform((text) => text.replace(/\/+$/, ''));

function urlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://';
  // Credentials in a URL end up in logs and error messages; the key has its own variable.
  if (url.username !== '' || url.password !== '') return 'must not contain user:password@';
  if (url.search !== '' || url.hash !== '') return 'must not contain a query (?…) or a fragment (#…)';
  return undefined;
}

const chatIdMessage = 'must be a whole number: your own user id, or a group id such as -1001234567890';
const adminIdsMessage = 'must be comma-separated positive user ids, e.g. 12345678,87654321';
const dailySummaryMessage = 'must be a local time HH:MM from 00:00 to 23:59, e.g. 21:00';
const HH_MM = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Comma-separated positive user ids, each once (TELEGRAM_ADMIN_IDS, TELEGRAM_STAFF_IDS). */
const userIds = () =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .refine((items) => items.length > 0, { error: adminIdsMessage })
    .refine((items) => items.every((item) => UNSIGNED_INTEGER.test(item) && Number.isSafeInteger(Number(item)) && Number(item) > 0), {
      error: adminIdsMessage,
    })
    .transform((items) => [...new Set(items.map(Number))]);

export const EnvSchema = z.object({
  TELEGRAM_BOT_TOKEN: variable(
    requiredText('the token BotFather gave you, e.g. 123456:ABC…').regex(BOT_TOKEN_SHAPE, {
      error: 'does not look like a BotFather token (expected 123456:ABC…, digits, a colon, then about 35 letters, digits, _ or -)',
    }),
  ),
  /** Required in live mode; load-config.ts decides, since trial mode binds to the first private chat instead. */
  TELEGRAM_CHAT_ID: variable(
    integer(SIGNED_INTEGER, chatIdMessage)
      .refine((id) => id !== 0, { error: chatIdMessage })
      .optional(),
  ),
  TELEGRAM_ADMIN_IDS: variable(userIds().optional()),
  /** Helpers who may take, deliver and reply, but not cancel or change settings; an id also in the admins is an admin. */
  TELEGRAM_STAFF_IDS: variable(userIds().optional()),
  /** Several stores in one bot: a JSON file (config/stores-file.ts); SELLER_API_URL and SELLER_API_KEY must be unset then. */
  STORES_FILE: variable(z.string().optional()),
  SELLER_API_URL: variable(baseUrl('the store API base address including /v1, e.g. https://store.example/api/v1').optional()),
  SELLER_API_KEY: variable(
    z.string().regex(/^\S+$/, { error: 'must not contain spaces (copy the key exactly as the store showed it)' }).optional(),
  ),
  DATABASE_PATH: variable(z.string().default(DEFAULT_DATABASE_PATH)),
  POLL_INTERVAL_SECONDS: variable(
    decimal('must be a number of seconds greater than 0 and at most 3600, e.g. 10 or 2.5', 3600).default(DEFAULT_POLL_INTERVAL_SECONDS),
  ),
  TELEGRAM_API_ROOT: variable(baseUrl('the root of a Bot API server, e.g. http://127.0.0.1:8081').optional()),
  TELEGRAM_TOPICS: variable(
    z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(['auto', 'off'], { error: 'must be auto or off' }))
      .default('auto'),
  ),
  SELLER_DELIVER_FIELD: variable(
    z
      .string()
      .regex(IDENTIFIER, { error: 'must be a JSON field name made of letters, digits and _, e.g. deliveredValue' })
      .default(DEFAULT_DELIVER_FIELD),
  ),
  LOG_LEVEL: variable(
    z
      .string()
      .transform((level) => level.toLowerCase())
      .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }))
      .default(DEFAULT_LOG_LEVEL),
  ),
  HEALTH_PORT: variable(
    integer(UNSIGNED_INTEGER, 'must be a port number from 0 to 65535')
      .refine((port) => port <= 65535, { error: 'must be a port number from 0 to 65535' })
      .optional(),
  ),
  STORE_DOWN_ALERT_MINUTES: variable(
    decimal('must be a number of minutes greater than 0 and at most 10080 (a week), e.g. 5', 10080).default(
      DEFAULT_STORE_DOWN_ALERT_MINUTES,
    ),
  ),
  AUTO_DELIVERY: variable(onOff().default('on')),
  /** The /stats report posted daily at this local time of the bot's zone; unset: no daily summary. */
  DAILY_SUMMARY_AT: variable(
    z
      .string()
      .regex(HH_MM, { error: dailySummaryMessage })
      .transform((value) => {
        const [hour, minute] = value.split(':').map(Number) as [number, number];
        return { hour, minute };
      })
      .optional(),
  ),
  BOT_LANGUAGE: variable(
    z
      .string()
      .transform((value) => value.toLowerCase())
      .refine((value) => LANGUAGES.includes(value), { error: `must be one of ${LANGUAGES.join(', ')}` })
      .default(DEFAULT_LANGUAGE),
  ),
  BOT_TIMEZONE: variable(
    z
      .string()
      .refine(isKnownTimeZone, { error: 'must be an IANA time zone such as UTC, Europe/Berlin or Asia/Kolkata' })
      .default(DEFAULT_TIME_ZONE),
  ),
  STOCK_LOW_THRESHOLD: variable(
    integer(UNSIGNED_INTEGER, 'must be a whole number of items, 0 or more, e.g. 3 (0: alert only when empty)')
      .refine((n) => n <= 1_000_000, { error: 'must be a whole number of items, 0 or more, e.g. 3 (0: alert only when empty)' })
      .default(DEFAULT_STOCK_LOW_THRESHOLD),
  ),
  REMIND_CONFIRM_HOURS: variable(
    z
      .string()
      .regex(DECIMAL, { error: REMIND_HOURS_MESSAGE })
      .transform(Number)
      .refine((n) => n >= 0 && n <= 8760, { error: REMIND_HOURS_MESSAGE })
      .default(DEFAULT_REMIND_CONFIRM_HOURS),
  ),
  REMIND_UNTAKEN_MINUTES: variable(
    minutesOrOff('must be a number of minutes from 0 (off) to 10080 (a week), e.g. 10').default(DEFAULT_REMIND_UNTAKEN_MINUTES),
  ),
  REMIND_UNANSWERED_MINUTES: variable(
    minutesOrOff('must be a number of minutes from 0 (off) to 10080 (a week), e.g. 15').default(DEFAULT_REMIND_UNANSWERED_MINUTES),
  ),
  /** Outside these hours (in BOT_TIMEZONE) the seller is away; unset: always working. */
  WORKING_HOURS: variable(workingHours().optional()),
  AUTOREPLY_QUIET_MINUTES: variable(
    minutesOrOff('must be a number of minutes from 0 to 10080 (a week), e.g. 30 (0: answer even right after a person did)').default(
      DEFAULT_AUTOREPLY_QUIET_MINUTES,
    ),
  ),
  /** on: an automatic answer does not end the unanswered reminder (it is no person's answer); off: it does. */
  REMIND_UNANSWERED_AFTER_AUTOREPLY: variable(onOff().default('on')),
  BACKUP_EVERY_HOURS: variable(
    z
      .string()
      .regex(DECIMAL, { error: BACKUP_HOURS_MESSAGE })
      .transform(Number)
      .refine((n) => n >= 0 && n <= 8760, { error: BACKUP_HOURS_MESSAGE })
      .default(0),
  ),
  BACKUP_KEEP: variable(
    integer(UNSIGNED_INTEGER, BACKUP_KEEP_MESSAGE)
      .refine((n) => n >= 1 && n <= 1000, { error: BACKUP_KEEP_MESSAGE })
      .default(DEFAULT_BACKUP_KEEP),
  ),
  /** Default: `backups/` beside the database (load-config.ts, which knows DATABASE_PATH). */
  BACKUP_DIR: variable(z.string().optional()),
  BACKUP_AGE_RECIPIENT: variable(ageRecipient().optional()),
});

/** `on` or `off`, any case. */
function onOff() {
  return z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['on', 'off'], { error: 'must be on or off' }));
}

/** Weekly hours (shared/weekly-hours.ts); the refusal says what is wrong and what is expected, never the text. */
function workingHours() {
  return z.string().transform((text, ctx) => {
    const parsed = parseWeeklyHours(text);
    if (parsed.ok) return parsed.hours;
    ctx.addIssue({ code: 'custom', message: `${parsed.problem} (expected working hours such as ${WEEKLY_HOURS_EXAMPLE})` });
    return z.NEVER;
  });
}

/**
 * An age public key, checked by the age library itself (its checksum too), so a typo stops start-up instead of the
 * first backup. A private key pasted here by mistake gets its own message: it must not live on the server.
 */
function ageRecipient() {
  return z.string().superRefine((text, ctx) => {
    if (/^AGE-SECRET-KEY-/i.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: 'is a private key (AGE-SECRET-KEY-…): put the public key age1… here, and keep the private key off this server',
      });
      return;
    }
    if (!/^age1[0-9a-z]+$/.test(text) || !acceptedByAge(text)) ctx.addIssue({ code: 'custom', message: AGE_RECIPIENT_MESSAGE });
  });
}

function acceptedByAge(recipient: string): boolean {
  try {
    new Encrypter().addRecipient(recipient);
    return true;
  } catch {
    return false;
  }
}

export type ParsedEnv = z.infer<typeof EnvSchema>;
export type ConfigVariable = keyof typeof EnvSchema.shape;

/** The names of every variable the bridge reads, in documentation order. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as ConfigVariable[];
