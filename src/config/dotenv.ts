/**
 * Reads a `.env` file with Node's own parser (util.parseEnv), without touching process.env:
 * the caller merges it under the real environment, which wins.
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { withoutUndefined } from '../shared/defined.ts';
import { ConfigError } from './config-error.ts';

/** The variables of a .env file; an absent file is an empty set, an unreadable one a ConfigError. */
export function readDotEnv(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    throw new ConfigError([{ variable: path, problem: `cannot be read (${code ?? 'unknown error'}): fix its permissions or remove it` }]);
  }
  const parsed = parseEnv(text);
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) if (value !== undefined) variables[name] = value;
  return variables;
}

/** The environment the bridge runs with: the .env file's variables, overridden by the real environment. */
export function environmentWithDotEnv(env: NodeJS.ProcessEnv, dotEnvPath: string): NodeJS.ProcessEnv {
  return { ...readDotEnv(dotEnvPath), ...(withoutUndefined(env) as Record<string, string>) };
}
