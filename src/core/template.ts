/**
 * Reply templates: the rules for a template's name and text, and rendering a text for one order. Pure, so the bot
 * (/template, /t, Quick reply) and sync (the automatic greeting, delivered and confirm-reminder) check and render
 * alike. Stable exports, used by other features too: `renderTemplate`, `checkTemplateName`, `checkTemplateText`.
 *
 * Placeholders: `{order}`, `{product}`, `{quantity}`, `{amount}`, `{field:<label>}` (a field the buyer filled in,
 * by its label, case and surrounding spaces ignored). Anything else in braces is refused when the template is saved,
 * so a typo never reaches a buyer. A brace that does not enclose a word (a smiley `:-{`) is plain text.
 */
import type { Order } from '../seller-api/schemas.ts';

/**
 * The store's limit on one chat message (docs/api-assumptions.md: message text rules; the spec gives none, the
 * bridge allows 4000 characters, as for a typed reply). A rendered text over it is refused before anything is queued.
 */
export const MESSAGE_TEXT_LIMIT = 4000;

/** Names Telegram commands and buttons can carry: letters (any script), digits, `_` and `-`. */
const NAME_SHAPE = /^[\p{L}\p{N}_-]+$/u;
export const TEMPLATE_NAME_MAX = 32;

/** Templates the bridge sends by itself, when they exist (docs/usage.md, "Templates"). */
export const AUTO_TEMPLATES = {
  greeting: 'greeting',
  delivered: 'delivered',
  confirmReminder: 'confirm-reminder',
  sorry: 'sorry',
  /** Answers a buyer who writes while the seller is away (core/away.ts). */
  away: 'away',
} as const;

/** `{…}` without braces or a line break inside: the candidates for a placeholder. */
const PLACEHOLDER = /\{([^{}\n]*)\}/g;
const SIMPLE = ['order', 'product', 'quantity', 'amount', 'store'] as const;
type SimplePlaceholder = (typeof SIMPLE)[number];
const FIELD_PREFIX = 'field:';

export type TemplateNameCheck = { ok: true; name: string } | { ok: false; reason: 'empty' | 'too-long' | 'bad-characters' };

/** A name as stored: lower case (so `Greeting` and `greeting` are one template). */
export function checkTemplateName(raw: string): TemplateNameCheck {
  const name = raw.trim().toLowerCase();
  if (name === '') return { ok: false, reason: 'empty' };
  if ([...name].length > TEMPLATE_NAME_MAX) return { ok: false, reason: 'too-long' };
  if (!NAME_SHAPE.test(name)) return { ok: false, reason: 'bad-characters' };
  return { ok: true, name };
}

export type TemplateTextCheck =
  | { ok: true; text: string }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'too-long'; length: number; limit: number }
  | { ok: false; reason: 'unknown-placeholder'; placeholder: string };

type Placeholder = { kind: SimplePlaceholder } | { kind: 'field'; label: string };

function placeholderOf(inner: string): Placeholder | undefined {
  const word = inner.trim();
  if ((SIMPLE as readonly string[]).includes(word)) return { kind: word as SimplePlaceholder };
  if (word.startsWith(FIELD_PREFIX)) {
    const label = word.slice(FIELD_PREFIX.length).trim();
    if (label !== '') return { kind: 'field', label };
  }
  return undefined;
}

/** A template's text as it may be saved: trimmed, not empty, within the limit, only known placeholders. */
export function checkTemplateText(raw: string): TemplateTextCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  if (text.length > MESSAGE_TEXT_LIMIT) return { ok: false, reason: 'too-long', length: text.length, limit: MESSAGE_TEXT_LIMIT };
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (placeholderOf(match[1] as string) === undefined) return { ok: false, reason: 'unknown-placeholder', placeholder: match[0] };
  }
  return { ok: true, text };
}

export interface RenderedTemplate {
  text: string;
  /** Labels of `{field:…}` placeholders the order has no value for: rendered as empty, the seller is told. */
  missingFields: string[];
}

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What a template may say besides the order: the store's title (with several stores; empty with one). */
export interface TemplateContext {
  store?: string | undefined;
  /** The store's own id of the order, when the order carries the bot's qualified one (core/store-ref.ts). */
  orderId?: string | undefined;
}

function placeholderValue(placeholder: Placeholder, order: Order, context: TemplateContext): string | undefined {
  switch (placeholder.kind) {
    case 'order':
      // The store's own id: the buyer knows the order by it, not by the bot's qualified one.
      return context.orderId ?? order.id;
    case 'store':
      return context.store;
    case 'product':
      return order.productTitle;
    case 'quantity':
      return order.quantity === undefined ? undefined : String(order.quantity);
    case 'amount':
      return order.amount === undefined ? undefined : String(order.amount);
    case 'field':
      return order.fieldValues?.find((field) => field.label !== undefined && sameLabel(field.label, placeholder.label))?.value;
  }
}

/**
 * The text for `order`. Pure. An unknown placeholder (only in a text saved before the rules, or not checked) is left
 * as written; a value the order lacks renders as empty, and a missing field is listed. The result is trimmed; its
 * length is the caller's to check against `MESSAGE_TEXT_LIMIT`, as it depends on the order.
 */
export function renderTemplate(text: string, order: Order, context: TemplateContext = {}): RenderedTemplate {
  const missingFields: string[] = [];
  const rendered = text.replace(PLACEHOLDER, (whole, inner: string) => {
    const placeholder = placeholderOf(inner);
    if (placeholder === undefined) return whole;
    const value = placeholderValue(placeholder, order, context);
    if (value === undefined && placeholder.kind === 'field' && !missingFields.includes(placeholder.label)) {
      missingFields.push(placeholder.label);
    }
    return value ?? '';
  });
  return { text: rendered.trim(), missingFields };
}

/** A saved template rendered for an order; undefined when none has that name, or it renders empty or over the limit. */
export function renderSaved(
  lookup: { get(name: string): { text: string } | undefined },
  name: string,
  order: Order,
  context: TemplateContext = {},
): string | undefined {
  const saved = lookup.get(name);
  if (saved === undefined) return undefined;
  const { text } = renderTemplate(saved.text, order, context);
  return text === '' || text.length > MESSAGE_TEXT_LIMIT ? undefined : text;
}
