/** Telegram's HTML parse mode, as strict as Telegram's parser, and the entities a user's command text carries. */
import type { MessageEntity } from 'grammy/types';
import { badRequest } from './errors.ts';

const SUPPORTED_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'code',
  'pre',
  'a',
  'tg-spoiler',
  'span',
  'blockquote',
  'tg-emoji',
]);
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

interface ParsedHtml {
  text: string;
  entities: MessageEntity[];
}

const ENTITY_TYPES: Record<string, MessageEntity['type']> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  code: 'code',
  pre: 'pre',
  a: 'text_link',
  'tg-spoiler': 'spoiler',
  span: 'spoiler',
  blockquote: 'blockquote',
  'tg-emoji': 'custom_emoji',
};

/** Parses Telegram HTML into plain text and entities, failing the way Telegram does on malformed input. */
export function parseTelegramHtml(source: string): ParsedHtml {
  let text = '';
  const entities: MessageEntity[] = [];
  const open: { tag: string; offset: number; href?: string }[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === '<') {
      const end = source.indexOf('>', i);
      if (end === -1) throw badRequest(`can't parse entities: Unclosed start tag at byte offset ${i}`);
      const inner = source.slice(i + 1, end);
      const closing = inner.startsWith('/');
      const match = /^\/?([a-z][a-z0-9-]*)(\s[^<>]*)?$/i.exec(inner);
      if (!match) throw badRequest(`can't parse entities: Unsupported start tag "${inner}" at byte offset ${i}`);
      const tag = match[1]!.toLowerCase();
      if (!SUPPORTED_TAGS.has(tag)) {
        throw badRequest(`can't parse entities: Unsupported start tag "${tag}" at byte offset ${i}`);
      }
      if (closing) {
        const top = open.pop();
        if (!top || top.tag !== tag) {
          throw badRequest(
            `can't parse entities: Unmatched end tag at byte offset ${i}, expected "</${top?.tag ?? ''}>", found "</${tag}>"`,
          );
        }
        const length = text.length - top.offset;
        if (length > 0) {
          const type = ENTITY_TYPES[tag]!;
          entities.push(
            type === 'text_link'
              ? { type, offset: top.offset, length, url: top.href ?? '' }
              : ({ type, offset: top.offset, length } as MessageEntity),
          );
        }
      } else {
        const href = /href\s*=\s*"([^"]*)"/i.exec(match[2] ?? '')?.[1];
        open.push({ tag, offset: text.length, ...(href === undefined ? {} : { href }) });
      }
      i = end + 1;
    } else if (char === '&') {
      const match = /^&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/i.exec(source.slice(i, i + 12));
      if (!match) throw badRequest(`can't parse entities: Character '&' is reserved and must be escaped at byte offset ${i}`);
      const name = match[1]!;
      let decoded: string | undefined;
      if (name.startsWith('#x') || name.startsWith('#X')) decoded = String.fromCodePoint(parseInt(name.slice(2), 16));
      else if (name.startsWith('#')) decoded = String.fromCodePoint(parseInt(name.slice(1), 10));
      else decoded = NAMED_ENTITIES[name.toLowerCase()];
      if (decoded === undefined) throw badRequest(`can't parse entities: Unknown entity "${name}" at byte offset ${i}`);
      text += decoded;
      i += match[0].length;
    } else if (char === '>') {
      throw badRequest(`can't parse entities: Character '>' is reserved and must be escaped at byte offset ${i}`);
    } else {
      text += char;
      i += 1;
    }
  }
  if (open.length > 0) throw badRequest(`can't parse entities: Can't find end tag corresponding to start tag "${open.at(-1)!.tag}"`);
  return { text, entities };
}

/** Commands at the start of a text become a bot_command entity, as Telegram's clients send them. */
export function commandEntities(text: string): MessageEntity[] {
  const match = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
  return match ? [{ type: 'bot_command', offset: 0, length: match[0].length }] : [];
}
