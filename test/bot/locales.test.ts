/**
 * The locale files stay complete and the words stay in them: a message in one language and not the other, a
 * translation that needs a parameter the code does not pass, a message Fluent cannot parse, a key the code names but
 * no file has, or prose written in code instead of a locale file, each fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Fluent, TranslateWarnings, type TranslateWarning } from '@grammyjs/i18n';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/bot/texts/commands.ts';
import { findProse, OPS_FILES, scanBot, scanOps } from '../support/literal-prose.ts';
import { filesOf, LANGUAGES, LOCALES, messagesOf, type LocaleMessage } from '../support/locale-files.ts';
import { en, ru } from '../support/texts.ts';

const SRC = join(import.meta.dirname, '../../src');
const SRC_BOT = join(SRC, 'bot');

/** A message's variables with those of the messages it references, as Fluent resolves them (references share the caller's variables). */
function effectiveVariables(messages: Map<string, LocaleMessage>, key: string, seen = new Set<string>()): Set<string> {
  const message = messages.get(key);
  if (!message || seen.has(key)) return new Set();
  seen.add(key);
  const all = new Set(message.variables);
  for (const reference of message.references) for (const name of effectiveVariables(messages, reference, seen)) all.add(name);
  return all;
}

describe('locale files', () => {
  const english = messagesOf('en');

  it('are English and Russian at least, one folder each', () => {
    expect(LANGUAGES).toEqual(expect.arrayContaining(['en', 'ru']));
    expect(LANGUAGES[0]).toBe('en');
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has the same files and messages as English', (language) => {
    expect(filesOf(language)).toEqual(filesOf('en'));
    const translated = messagesOf(language);
    const where = (messages: Map<string, LocaleMessage>) => [...messages].map(([key, message]) => `${message.file}: ${key}`).sort();
    expect(where(translated)).toEqual(where(english));
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s needs no parameter the English message is not given', (language) => {
    const translated = messagesOf(language);
    for (const key of translated.keys()) {
      const extra = [...effectiveVariables(translated, key)].filter((name) => !effectiveVariables(english, key).has(name));
      expect({ key, extra }).toEqual({ key, extra: [] });
    }
  });

  it.each(LANGUAGES)('%s parses: Fluent keeps every message the file has', (language) => {
    const warnings: TranslateWarning[] = [];
    const fluent = new Fluent({ warningHandler: (warning) => void warnings.push(warning) });
    // One source per language, as the plugin joins a folder's files.
    const source = filesOf(language)
      .map((file) => readFileSync(join(LOCALES, language, file), 'utf8'))
      .join('\n');
    fluent.addTranslationSync({ locales: language, source });
    // A message with a syntax error becomes junk, which Fluent drops without a word: ask for each one.
    for (const key of messagesOf(language).keys()) {
      try {
        fluent.translate(language, key, {});
      } catch {
        // Found, but needs parameters: formatting without them throws, which is not what is checked here.
      }
    }
    expect(warnings.filter((warning) => warning.type === TranslateWarnings.MISSING_MESSAGE).map((warning) => warning.path)).toEqual([]);
  });

  it('has every key the code names', () => {
    const named = new Set<string>();
    for (const name of readdirSync(join(SRC_BOT, 'texts'))) {
      const source = readFileSync(join(SRC_BOT, 'texts', name), 'utf8');
      for (const [, key] of source.matchAll(/tr\.(?:text|html)\('([a-z0-9-]+)'/g)) named.add(key as string);
    }
    for (const command of COMMAND_NAMES) named.add(`commands-description-${command}`);
    // The shell commands name theirs by prefix, also inside a ternary (`tr.text(ok ? 'doctor-all-passed' : …)`).
    for (const file of OPS_FILES) {
      const source = readFileSync(join(SRC, file), 'utf8');
      for (const [key] of source.matchAll(/(?<=')(doctor|stock-cli)-[a-z0-9-]+(?=')/g)) named.add(key);
    }
    expect(named.size).toBeGreaterThan(180);
    expect([...named].filter((key) => !english.has(key))).toEqual([]);
  });

  it('say plural forms by the rules of each language', () => {
    const away = (tr: typeof en, orders: number) => tr.html('alerts-while-away', { since: 'x', orders, messages: 1, where: 'below' }).html;
    expect(away(en, 1)).toContain('1 new order,');
    expect(away(en, 2)).toContain('2 new orders,');
    expect(away(ru, 1)).toContain('1 новый заказ,');
    expect(away(ru, 2)).toContain('2 новых заказа,');
    expect(away(ru, 5)).toContain('5 новых заказов,');
    expect(away(ru, 21)).toContain('21 новый заказ,');
    expect(ru.html('stock-card-stock-short', { count: 3, inStock: 1 }).html).toContain('нужно 3 ключа, в запасе 1');
  });
});

describe('no words in code', () => {
  it('src/bot has no prose outside the locale files', () => {
    expect(scanBot(SRC_BOT)).toEqual([]);
  });

  it('the shell commands that speak to a seller (doctor, npm run stock) have no prose outside the locale files', () => {
    expect(scanOps(SRC)).toEqual([]);
  });

  it('bites: what doctor and npm run stock printed before the conversion is found', () => {
    const old = `const STOCK_USAGE = \`Usage: npm run stock -- <command>\`;
      const refusal = refused(\`Unknown command "\${command}".\`, 2);
      const added = done([\`\${productId}: \${result.added} added\`]);
      const check = { name: 'telegram chat', verdict: 'warn', detail: 'TELEGRAM_CHAT_ID not set: trial mode binds' };
      const skip = skipped('rate limit', 'trial mode');
      lines.push(ok ? 'All checks passed' : 'Some checks failed');
      const fine = { name: 'store API', detail: tr.text('doctor-store-ok', { products: 3 }) };`;
    expect(findProse('ops/x.ts', old, false, true).map((finding) => finding.literal)).toEqual([
      'Usage: npm run stock -- <command>',
      'Unknown command "".',
      ':  added',
      'TELEGRAM_CHAT_ID not set: trial mode binds',
      // A check's name written out where its constant belongs (CHECK.rate) counts as printed too.
      'rate limit',
      'trial mode',
      'All checks passed',
      'Some checks failed',
    ]);
  });

  it('bites: prose in a text module, and a literal sent from a handler, are found', () => {
    // What texts/buttons.ts and texts/callbacks.ts held before the conversion.
    const oldTexts = `export const BUTTONS = { take: 'Take', deliverWithoutValue: 'Deliver without value' };
      export const CALLBACK = { taking: 'Taking the order…' };
      export const ru = 'Взять';
      export const html = (id: string) => join(['⚠️ Order ', idCode(id), ': failed.']);`;
    expect(findProse('texts/buttons.ts', oldTexts, true).map((finding) => finding.literal)).toEqual([
      'Take',
      'Deliver without value',
      'Taking the order…',
      'Взять',
      '⚠️ Order ',
      ': failed.',
    ]);
    const handler = `composer.command('x', async (ctx) => {
      await ctx.reply('Usage: /order <order id>');
      await answerCallback(ctx, ok ? 'Done' : CALLBACK.ok(ctx.tr));
      keyboard.text('Pause', encode('sp', id));
      await ctx.reply(stockEmpty(ctx.tr).html, { parse_mode: 'HTML', reply_markup: { inline_keyboard: [[{ text: 'Send it', callback_data: 'e:1' }]] } });
      logger.info({ at }, 'words in logs are fine');
      await ctx.reply(tr.text('access-refused-message'));
    });`;
    expect(findProse('features/x.ts', handler, false).map((finding) => finding.literal)).toEqual([
      'Usage: /order <order id>',
      'Done',
      'Pause',
      'Send it',
    ]);
  });
});
