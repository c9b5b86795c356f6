/** Trial-mode configuration for the variable tests, and the one line a refused value stops start-up with. */
import { expect } from 'vitest';
import { type Config, ConfigError, formatConfigError, loadConfig } from '../../src/config/index.ts';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';

/** The configuration of `npm start -- --sandbox` with these variables set. */
export const trial = (extra: Record<string, string>): Config => loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, ...extra }, ['--sandbox']);

/** Asserts that these variables stop start-up with a ConfigError, and returns its line, checked to be one line. */
export function refusalOf(extra: Record<string, string>): string {
  let error: unknown;
  try {
    trial(extra);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const line = formatConfigError(error);
  expect(line.split('\n')).toHaveLength(1);
  return line;
}
