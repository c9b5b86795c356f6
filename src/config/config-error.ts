/**
 * A configuration problem a person fixes by editing one variable. Messages name the variable and
 * what is wrong with it, and never repeat the value: the value may be a token or a key.
 */

export interface ConfigProblem {
  /** The environment variable (or file) at fault. */
  variable: string;
  /** What is wrong and what is expected, without the value. */
  problem: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'CONFIG_INVALID';
  /** The first variable at fault (the one the message names). */
  readonly variable: string;
  /** Every problem found, in the order variables are documented. */
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly [ConfigProblem, ...ConfigProblem[]]) {
    const [first] = problems;
    super(`${first.variable}: ${first.problem}`);
    this.variable = first.variable;
    this.problems = problems;
  }
}

export const isConfigError = (error: unknown): error is ConfigError => error instanceof ConfigError;

/**
 * The single line printed before exiting with status 1. Other problems are only named, so the line
 * stays short; fixing the first and starting again reports the next.
 */
export function formatConfigError(error: unknown): string {
  if (isConfigError(error)) {
    const others = error.problems.slice(1).map((p) => p.variable);
    const more = others.length > 0 ? ` (also check: ${[...new Set(others)].join(', ')})` : '';
    return `Configuration error: ${error.message}${more}. See .env.example.`;
  }
  // Anything else reaching here is a bug in start-up, not in the configuration; its message carries no
  // configuration values, but keep it to the message so a stack does not flood the terminal.
  const message = error instanceof Error ? error.message : String(error);
  return `Start-up failed: ${message}`;
}
