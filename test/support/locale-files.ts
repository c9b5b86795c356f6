/**
 * Reads locales/<language>/*.ftl the simple way the files are written (test/bot/locales.test.ts): a message starts
 * at column 0 with `key =`, its body runs to the next such line; `-term`s are private to a language and not compared.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableLanguages, localesDirectory } from '../../src/shared/locales.ts';

export interface LocaleMessage {
  file: string;
  /** The variables the message uses, `$name` without the `$`. */
  variables: Set<string>;
  /** The messages it references (`{ buttons-take }`). */
  references: Set<string>;
  body: string;
}

export const LOCALES = localesDirectory();
export const LANGUAGES = availableLanguages();

export function filesOf(language: string): string[] {
  return readdirSync(join(LOCALES, language))
    .filter((name) => name.endsWith('.ftl'))
    .sort();
}

export function messagesOf(language: string): Map<string, LocaleMessage> {
  const messages = new Map<string, LocaleMessage>();
  for (const file of filesOf(language)) {
    let current: LocaleMessage | undefined;
    for (const line of readFileSync(join(LOCALES, language, file), 'utf8').split('\n')) {
      const start = /^([a-z][a-z0-9-]*)\s*=(.*)$/.exec(line);
      if (start) {
        const key = start[1] as string;
        if (messages.has(key)) throw new Error(`${language}/${file}: ${key} defined twice`);
        current = { file, variables: new Set(), references: new Set(), body: start[2] ?? '' };
        messages.set(key, current);
      } else if (/^(#|-|\S)/.test(line)) {
        current = undefined;
      } else if (current) {
        current.body += `\n${line}`;
      }
    }
  }
  for (const message of messages.values()) {
    for (const [, name] of message.body.matchAll(/\$([a-zA-Z][a-zA-Z0-9_]*)/g)) message.variables.add(name as string);
    for (const [, name] of message.body.matchAll(/\{\s*([a-z][a-z0-9-]*)\s*\}/g)) message.references.add(name as string);
  }
  return messages;
}
