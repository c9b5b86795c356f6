/**
 * STORES_FILE: several stores in one bot. A JSON file `{"stores": [{name, title, apiUrl, apiKey, chatId, deliverField}]}`
 * checked with zod; `${VAR}` in `apiKey` (or `apiUrl`) is read from the environment, so the file itself holds no
 * secret. A bad file is one problem naming the store and the field, never the value (a key may be in it).
 */
import { z } from 'zod';
import { STORE_NAME } from '../core/store-ref.ts';
import { checkApiKeyFormat, DEFAULT_DELIVER_FIELD } from '../seller-api/spec-gaps.ts';
import type { ConfigProblem } from './config-error.ts';

export { MAIN_STORE as DEFAULT_STORE_NAME } from '../core/store-ref.ts';

/** One store the bot serves, as the configuration checked it. */
export interface StoreConfig {
  name: string;
  /** Shown to people on cards and in messages (default: the name). */
  title: string;
  /** The store API base including /v1, without a trailing slash. */
  baseUrl: string;
  /** Secret: hidden from JSON.stringify, util.inspect and pino by the caller (withSecretFields). */
  apiKey: string;
  deliverField: string;
  /** Where this store's orders go; undefined: TELEGRAM_CHAT_ID. */
  chatId: number | undefined;
}

const VARIABLE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
/** How a value names an environment variable, as the messages say it. */
const VARIABLE_HINT = '$' + '{VARIABLE}';
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const text = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, { error: `must be ${what}` });

const StoreEntrySchema = z.object({
  name: z.string({ error: 'is required: lower-case letters, digits and -, 1–16 characters' }).regex(STORE_NAME, {
    error: 'must be lower-case letters, digits and -, 1–16 characters',
  }),
  title: text('the store name shown to people').max(64, { error: 'must be at most 64 characters' }).optional(),
  apiUrl: text(`the store API base address including /v1, or ${VARIABLE_HINT}`),
  apiKey: text(`the store API key, best written as ${VARIABLE_HINT} so the file holds no secret`),
  chatId: z
    .number({ error: 'must be a Telegram chat id (a number)' })
    .int({ error: 'must be a Telegram chat id (a whole number)' })
    .refine((id) => id !== 0, { error: 'must be a Telegram chat id' })
    .optional(),
  deliverField: z.string().regex(IDENTIFIER, { error: 'must be a JSON field name made of letters, digits and _' }).optional(),
});

const StoresFileSchema = z.object({
  stores: z.array(z.unknown(), { error: 'is required: a list of stores' }).min(1, { error: 'must list at least one store' }),
});

export interface StoresFileResult {
  stores: StoreConfig[];
  problems: ConfigProblem[];
  warnings: string[];
}

/** A `${VAR}` value from the environment; an unset one is named, its value never shown. */
function expand(value: string, env: NodeJS.ProcessEnv): { value?: string; problem?: string } {
  const name = VARIABLE.exec(value)?.[1];
  if (name === undefined) return { value };
  const found = env[name]?.trim();
  return found ? { value: found } : { problem: `\${${name}} is not set in the environment` };
}

function baseUrlOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password || url.search || url.hash) return undefined;
    return url.href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** The stores' names alone (the CLIs only need to know whose database is whose): no secret is read. */
export function storeNamesOf(source: string): { names: string[] } | { problem: ConfigProblem } {
  const problem = (what: string) => ({ problem: { variable: 'STORES_FILE', problem: what } });
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch {
    return problem('is not valid JSON');
  }
  const file = StoresFileSchema.safeParse(json);
  if (!file.success) return problem(`"stores" ${file.error.issues[0]?.message ?? 'is not valid'}`);
  const names = file.data.stores.map((store) => StoreEntrySchema.shape.name.safeParse((store as { name?: unknown } | null)?.name).data);
  const bad = names.indexOf(undefined);
  if (bad >= 0) return problem(`store ${bad + 1}: name must be lower-case letters, digits and -, 1–16 characters`);
  return { names: names as string[] };
}

/** The stores of the file's text, or the problems that stop start-up (each naming its store and field). */
export function parseStoresFile(source: string, env: NodeJS.ProcessEnv, defaultDeliverField = DEFAULT_DELIVER_FIELD): StoresFileResult {
  const problem = (where: string, what: string): StoresFileResult => ({
    stores: [],
    problems: [{ variable: 'STORES_FILE', problem: `${where}${what}` }],
    warnings: [],
  });
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch {
    return problem('', 'is not valid JSON');
  }
  const file = StoresFileSchema.safeParse(json);
  if (!file.success) return problem('"stores" ', file.error.issues[0]?.message ?? 'is not valid');
  const stores: StoreConfig[] = [];
  const warnings: string[] = [];
  for (const [index, raw] of file.data.stores.entries()) {
    const label =
      typeof (raw as { name?: unknown })?.name === 'string' ? `store "${(raw as { name: string }).name}"` : `store ${index + 1}`;
    const entry = StoreEntrySchema.safeParse(raw);
    if (!entry.success) {
      const issue = entry.error.issues[0];
      return problem(`${label}: ${issue?.path.join('.') || 'entry'} `, issue?.message ?? 'is not valid');
    }
    const { name, title, chatId, deliverField } = entry.data;
    if (stores.some((store) => store.name === name)) return problem(`${label}: name `, 'is used by another store: names must be unique');
    const key = expand(entry.data.apiKey, env);
    if (key.problem !== undefined || key.value === undefined) return problem(`${label}: apiKey `, key.problem ?? 'is empty');
    const url = expand(entry.data.apiUrl, env);
    if (url.problem !== undefined || url.value === undefined) return problem(`${label}: apiUrl `, url.problem ?? 'is empty');
    const baseUrl = baseUrlOf(url.value);
    if (baseUrl === undefined)
      return problem(`${label}: apiUrl `, 'must be an http(s) address without user, query or #, e.g. https://store.example/api/v1');
    if (!baseUrl.endsWith('/v1'))
      warnings.push(`STORES_FILE store "${name}": apiUrl does not end with /v1: the API paths are appended to it as given`);
    const keyWarning = checkApiKeyFormat(key.value);
    if (keyWarning !== undefined) warnings.push(`STORES_FILE store "${name}": apiKey: ${keyWarning}`);
    stores.push({ name, title: title ?? name, baseUrl, apiKey: key.value, deliverField: deliverField ?? defaultDeliverField, chatId });
  }
  return { stores, problems: [], warnings };
}
