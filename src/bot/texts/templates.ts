/** Every word of the template commands (/template, /untemplate, /templates, /t) and of the Quick reply button. */
import { TEMPLATE_NAME_MAX, type TemplateNameCheck, type TemplateTextCheck } from '../../core/template.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import type { Translator } from './translator.ts';

/** Plain text: the card's button is in the chat's language, the menu's in the language of whoever opened it. */
export const QUICK_REPLY_BUTTONS = {
  open: (tr: Translator) => tr.text('templates-quick-reply-buttons-open'),
  close: (tr: Translator) => tr.text('templates-quick-reply-buttons-close'),
  template: (tr: Translator, { name }: { name: string }) => tr.text('templates-quick-reply-buttons-template', { name }),
} as const;

export const templateUsage = (tr: Translator): Html => tr.html('templates-template-usage');
export const untemplateUsage = (tr: Translator) => tr.text('templates-untemplate-usage');
export const useTemplateUsage = (tr: Translator) => tr.text('templates-use-template-usage');
export const templatesUnavailable = (tr: Translator) => tr.text('templates-unavailable');

export const templateNameRefused = (tr: Translator, { reason }: { reason: Exclude<TemplateNameCheck, { ok: true }>['reason'] }) =>
  tr.text('templates-template-name-refused', { reason, max: TEMPLATE_NAME_MAX });

export function templateTextRefused(tr: Translator, check: Exclude<TemplateTextCheck, { ok: true }>): Html {
  switch (check.reason) {
    case 'empty':
      return tr.html('templates-template-text-refused-empty');
    case 'too-long':
      return tr.html('templates-template-text-refused-too-long', { length: check.length, limit: check.limit });
    case 'unknown-placeholder':
      return tr.html('templates-template-text-refused-unknown-placeholder', { placeholder: truncate(check.placeholder, 60) });
  }
}

export const templateSaved = (tr: Translator, { name, replaced }: { name: string; replaced: boolean }): Html =>
  tr.html('templates-template-saved', { name, replaced: replaced ? 'yes' : 'no' });
export const templateDeleted = (tr: Translator, { name }: { name: string }): Html => tr.html('templates-template-deleted', { name });
export const templateUnknown = (tr: Translator, { name }: { name: string }): Html =>
  tr.html('templates-template-unknown', { name: truncate(name, 40) });
export const templateShown = (tr: Translator, { name, body }: { name: string; body: string }): Html =>
  tr.html('templates-template-shown', { name, body });

export const noTemplates = (tr: Translator): Html => tr.html('templates-no-templates');
export const templatesHeader = (tr: Translator, { count }: { count: number }): Html => tr.html('templates-templates-header', { count });
export const templateListItem = (tr: Translator, { name, body }: { name: string; body: string }): Html =>
  tr.html('templates-template-list-item', { name, body: truncate(body.replace(/\s+/g, ' '), 80) });
export const templatesFooter = (tr: Translator): Html => tr.html('templates-templates-footer');

export const renderedTooLong = (tr: Translator, { name, length, limit }: { name: string; length: number; limit: number }): Html =>
  tr.html('templates-rendered-too-long', { name, length, limit });
export const renderedEmpty = (tr: Translator, { name }: { name: string }): Html => tr.html('templates-rendered-empty', { name });

/** The missing fields' labels, each quoted and cut, as one list (a plain string: escaped where it goes into HTML). */
const fieldLabels = (tr: Translator, labels: readonly string[]) =>
  labels.map((label) => tr.text('templates-field-label', { label: truncate(label, 40) })).join(', ');

export const missingFieldsNote = (tr: Translator, { labels }: { labels: readonly string[] }): Html =>
  tr.html('templates-missing-fields-note', { labels: fieldLabels(tr, labels) });

// ---- Quick reply button answers (at most 200 characters) ----

export const quickMenuNoTemplates = (tr: Translator) => tr.text('templates-quick-menu-no-templates');
export const quickMenuOpened = (tr: Translator) => tr.text('templates-quick-menu-opened');
export const quickMenuClosed = (tr: Translator) => tr.text('templates-quick-menu-closed');
export const quickMenuStale = (tr: Translator) => tr.text('templates-quick-menu-stale');
export const quickTemplateQueued = (tr: Translator, { name }: { name: string }) => tr.text('templates-quick-template-queued', { name });
export const quickTemplateRefused = (tr: Translator, { name, reason }: { name: string; reason: 'gone' | 'empty' | 'too-long' }) =>
  tr.text('templates-quick-template-refused', { name, reason });
export const quickMissingFields = (
  tr: Translator,
  { orderId, name, labels }: { orderId: OrderId; name: string; labels: readonly string[] },
): Html => tr.html('templates-quick-missing-fields', { name, orderId: idCode(orderId), labels: fieldLabels(tr, labels) });
