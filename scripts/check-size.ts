/**
 * `npm run lint:size`: no file in src/ over 400 lines, and no function over 80 lines of its own (its span minus the
 * functions nested in it: a factory that returns ten small methods is as long as its own wiring, not its methods).
 * Prints one line per breach and exits 1 when there is any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_OWN_LINES = 80;

export interface SizeBreach {
  file: string;
  line: number;
  what: string;
  lines: number;
  max: number;
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** The name a person would search for: the declaration's, or the variable or property it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

export function findSizeBreaches(file: string, source: string): SizeBreach[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => sourceFile.getLineAndCharacterOfPosition(position).line;
  const spanOf = (node: ts.Node) => lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
  const breaches: SizeBreach[] = [];
  const fileLines = source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
  if (fileLines > MAX_FILE_LINES) breaches.push({ file, line: 1, what: 'file', lines: fileLines, max: MAX_FILE_LINES });

  /** Lines of the functions directly nested in `node` (not their own nested ones: those are inside them). */
  const nestedLines = (node: ts.Node): number => {
    let total = 0;
    const walk = (child: ts.Node) => {
      if (isFunction(child)) total += spanOf(child);
      else ts.forEachChild(child, walk);
    };
    ts.forEachChild(node, walk);
    return total;
  };

  const visit = (node: ts.Node) => {
    if (isFunction(node) && node.body !== undefined) {
      const own = spanOf(node) - nestedLines(node.body);
      if (own > MAX_FUNCTION_OWN_LINES) {
        breaches.push({
          file,
          line: lineOf(node.getStart()) + 1,
          what: `function ${nameOf(node)}`,
          lines: own,
          max: MAX_FUNCTION_OWN_LINES,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return breaches;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..');
  const breaches = sourceFiles(join(root, 'src')).flatMap((path) => findSizeBreaches(relative(root, path), readFileSync(path, 'utf8')));
  for (const b of breaches) console.error(`${b.file}:${b.line}: ${b.what} has ${b.lines} lines (at most ${b.max})`);
  if (breaches.length > 0) process.exitCode = 1;
  else console.log(`size: every file in src/ within ${MAX_FILE_LINES} lines, every function within ${MAX_FUNCTION_OWN_LINES} of its own`);
}
