/** A template rendered for one order and checked against the store's limit, before anything is queued. */
import { MESSAGE_TEXT_LIMIT, renderTemplate } from '../../core/template.ts';
import type { Order } from '../../seller-api/schemas.ts';
import type { TemplateStore } from './template-store.ts';

export type PreparedTemplate =
  | { ok: true; text: string; missingFields: string[] }
  | { ok: false; reason: 'gone' }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'too-long'; length: number; limit: number };

export function prepareTemplate(store: TemplateStore, name: string, order: Order): PreparedTemplate {
  const template = store.get(name);
  if (template === undefined) return { ok: false, reason: 'gone' };
  const rendered = renderTemplate(template.text, order);
  if (rendered.text === '') return { ok: false, reason: 'empty' };
  if (rendered.text.length > MESSAGE_TEXT_LIMIT)
    return { ok: false, reason: 'too-long', length: rendered.text.length, limit: MESSAGE_TEXT_LIMIT };
  return { ok: true, text: rendered.text, missingFields: rendered.missingFields };
}
