/**
 * Where the bot's words live (`locales/<language>/*.ftl`, Fluent) and which languages there are: one folder per
 * language, so a third language is one new folder, picked up by the configuration's check of BOT_LANGUAGE, the /language buttons
 * and the command registration alike. Also the check of BOT_TIMEZONE, beside it because both are read at start-up.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The language a chat gets when BOT_LANGUAGE is not set. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * The `locales/` folder: found by walking up from this module, because it runs from `src/shared/` under tsx and
 * vitest and from `dist/` once bundled; both sit below the folder that holds `locales/`.
 */
export function localesDirectory(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(folder, 'locales');
    if (existsSync(join(candidate, DEFAULT_LANGUAGE))) return candidate;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`locales/${DEFAULT_LANGUAGE}/ not found above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
}

/** The languages there is a folder for, `en` first, then by name. */
export function availableLanguages(directory: string = localesDirectory()): string[] {
  const found = readdirSync(directory).filter((name) => statSync(join(directory, name)).isDirectory());
  return [DEFAULT_LANGUAGE, ...found.filter((language) => language !== DEFAULT_LANGUAGE).sort()];
}

/** Whether `timeZone` is an IANA zone this Node.js knows (`Asia/Kolkata`, `UTC`). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
