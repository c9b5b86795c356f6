/**
 * Finds words written in code instead of a locale file (test/bot/locales.test.ts). Two rules, on the TypeScript AST:
 * - in src/bot/texts/: no string literal with a letter in it may be anything but a lowercase token: message keys
 *   (`buttons-take`) and select values (`yes`, `none`) are; `'Take'`, `'⚠️ Order '` or `': failed.'` are not;
 * - anywhere else in src/bot/: no literal with a word in it may be what the bot sends: an argument of reply,
 *   sendMessage, editMessageText, answerCallbackQuery, answerCallback, settleButtonMessage, setMyCommands, the first
 *   argument of a keyboard's `.text(…)`, an HTML builder (text, bold, italic, code, spoiler, link, join, lines), or a
 *   `text`, `description` or `input_field_placeholder` property.
 * The shell commands that speak to a seller (src/ops/doctor.ts, src/ops/stock-command.ts) get a third rule
 * (`OPS_FILES`, scanOps): no literal may be what they print (a check's `detail`, an argument or array element of
 * done, refused, skipped, push, log or error), and no literal anywhere may be a sentence (three words or more): a
 * usage text kept in a constant is prose too, while a check's name of two words (`store API`) is an identifier.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface ProseFinding {
  file: string;
  line: number;
  literal: string;
}

const SENDING_CALLS = new Set([
  'reply',
  'sendMessage',
  'editMessageText',
  'answerCallbackQuery',
  'answerCallback',
  'settleButtonMessage',
  'setMyCommands',
  'bold',
  'italic',
  'code',
  'spoiler',
  'link',
  'join',
  'lines',
]);
const SENDING_PROPERTIES = new Set(['text', 'description', 'input_field_placeholder']);

/** What a file of `OPS_FILES` prints: the arguments of these calls, and these properties. */
const OPS_PRINTING = { calls: new Set(['done', 'refused', 'skipped', 'push', 'log', 'error']), properties: new Set(['detail']) };
const BOT_SENDING = { calls: SENDING_CALLS, properties: SENDING_PROPERTIES };
type Sending = typeof BOT_SENDING;
/** Three words or more, split by white space: message keys (`doctor-all-passed`) are one word. */
const isSentence = (literal: string) => literal.split(/\s+/).filter((word) => WORD.test(word)).length >= 3;

/** The seller-facing shell commands scanned with the ops rule (relative to src/). */
export const OPS_FILES = ['ops/doctor.ts', 'ops/stock-command.ts'];

const WORD = /\p{L}{2,}/u;
/**
 * What a text module may spell: a message key (`buttons-take`), a select value or property name (`yes`, `videoNote`),
 * an HTML entity. A single lowercase word slips through (`'field'`): the price of allowing select values.
 */
const TOKEN = /^([a-z][a-zA-Z0-9_]*|[a-z0-9]+(-[a-z0-9]*)+|&[a-z]+;)$/;

const literalText = (node: ts.Node): string | undefined => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('');
  return undefined;
};

const calleeName = (call: ts.CallExpression): string | undefined => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
};

/** Findings in one source text; `inTexts`: the file is a module of src/bot/texts/; `ops`: a file of OPS_FILES. */
export function findProse(file: string, source: string, inTexts: boolean, ops = false): ProseFinding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const findings: ProseFinding[] = [];
  const report = (node: ts.Node, literal: string) =>
    findings.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, literal });

  const visit = (node: ts.Node) => {
    const literal = literalText(node);
    if (literal !== undefined && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      const prose = ops ? isSentence(literal) || isSent(node, OPS_PRINTING) : inTexts ? !TOKEN.test(literal) : isSent(node, BOT_SENDING);
      if (WORD.test(literal) && prose) report(node, literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

/** Whether a literal goes to Telegram as it is: passed to a sending call, or a button's or command's text. */
function isSent(node: ts.Node, sending: Sending): boolean {
  const parent = node.parent;
  if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
    const name = calleeName(parent);
    // `keyboard.text(label, data)`; `tr.text('buttons-take')` names a message, never prose.
    if (name === 'text') return parent.arguments[0] === node && !TOKEN.test((node as ts.StringLiteral).text);
    return name !== undefined && sending.calls.has(name);
  }
  if (ts.isArrayLiteralExpression(parent) && ts.isCallExpression(parent.parent)) {
    const name = calleeName(parent.parent);
    // The bot's HTML builders take arrays; the shell commands' `done([line])` too.
    return name === 'join' || name === 'lines' || (sending === OPS_PRINTING && name !== undefined && sending.calls.has(name));
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    const name = parent.name;
    return ts.isIdentifier(name) && sending.properties.has(name.text);
  }
  if (ts.isConditionalExpression(parent)) return isSent(parent, sending);
  return false;
}

/** Every finding under `root` (src/bot). */
export function scanBot(root: string): ProseFinding[] {
  const findings: ProseFinding[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) {
        const inTexts = relative(root, path).startsWith('texts');
        findings.push(...findProse(relative(root, path), readFileSync(path, 'utf8'), inTexts));
      }
    }
  };
  walk(root);
  return findings;
}

/** Every finding in the OPS_FILES under `root` (src). */
export function scanOps(root: string): ProseFinding[] {
  return OPS_FILES.flatMap((file) => findProse(file, readFileSync(join(root, file), 'utf8'), false, true));
}
