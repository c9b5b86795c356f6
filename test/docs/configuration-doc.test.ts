/**
 * The three lists of variables cannot drift: the config module's (src/config/variables.ts, what the bridge reads),
 * .env.example's (what a seller copies) and docs/configuration.md's tables (what a seller reads). Each variable is
 * in all three, once, and the default the docs give is the one .env.example shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/config/variables.ts';
import { REPO } from './markdown.ts';

const read = (path: string) => readFileSync(join(REPO, path), 'utf8');

/** `NAME=value` and `# NAME=value` lines of .env.example. */
const exampleLines = [...read('.env.example').matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => ({
  name: m[1]!,
  value: m[2]!.trim(),
}));

/** Table rows of docs/configuration.md whose first cell is a variable: `| \`NAME\` | default | meaning |`. */
const docRows = [...read('docs/configuration.md').matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|]*)\|/gm)].map((m) => ({
  name: m[1]!,
  defaultCell: m[2]!.trim(),
}));

const sorted = (names: readonly string[]) => [...names].sort();

describe('the configuration variables', () => {
  it('are each documented once in docs/configuration.md, and the docs name no variable the code does not read', () => {
    const documented = docRows.map((row) => row.name);
    expect(sorted(documented)).toEqual([...new Set(sorted(documented))]);
    expect(sorted(documented)).toEqual(sorted(CONFIG_VARIABLES));
  });

  it('are each in .env.example once, and .env.example has no variable the code does not read', () => {
    const listed = exampleLines.map((line) => line.name);
    expect(sorted(listed)).toEqual([...new Set(sorted(listed))]);
    expect(sorted(listed)).toEqual(sorted(CONFIG_VARIABLES));
  });

  it('have in the docs the default .env.example shows', () => {
    const withDefault = exampleLines.filter((line) => line.value !== '');
    expect(withDefault.length).toBeGreaterThan(0);
    for (const { name, value } of withDefault) {
      const row = docRows.find((candidate) => candidate.name === name);
      expect({ name, defaultCell: row?.defaultCell }).toEqual({ name, defaultCell: expect.stringContaining(`\`${value}\``) });
    }
  });
});
