/** `npm run lint:size` counts a function's own lines: its span minus the functions nested in it. */
import { describe, expect, it } from 'vitest';
import { findSizeBreaches, MAX_FUNCTION_OWN_LINES } from '../../scripts/check-size.ts';

const statements = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('lint:size', () => {
  it('flags a function with more than 80 lines of its own, by name and line', () => {
    const source = `export function tooLong() {\n${statements(MAX_FUNCTION_OWN_LINES)}\n}\n`;
    expect(findSizeBreaches('x.ts', source)).toEqual([
      { file: 'x.ts', line: 1, what: 'function tooLong', lines: MAX_FUNCTION_OWN_LINES + 2, max: MAX_FUNCTION_OWN_LINES },
    ]);
  });

  it('does not count the functions nested in it, but does count each of them on its own', () => {
    const inner = `  const helper = () => {\n${statements(60)}\n  };`;
    const source = `export function factory() {\n${inner}\n${inner.replace('helper', 'other')}\n  return helper;\n}\n`;
    expect(findSizeBreaches('x.ts', source)).toEqual([]);
    const tooLongInner = `export function factory() {\n  const helper = () => {\n${statements(85)}\n  };\n  return helper;\n}\n`;
    expect(findSizeBreaches('x.ts', tooLongInner).map((breach) => breach.what)).toEqual(['function helper']);
  });

  it('flags a file over 400 lines', () => {
    const source = Array.from({ length: 401 }, (_, i) => `export const c${i} = ${i};`).join('\n');
    expect(findSizeBreaches('big.ts', source).map((breach) => [breach.what, breach.lines])).toEqual([['file', 401]]);
  });
});
