/** Every word of the template commands (/template, /untemplate, /templates, /t) and of the Quick reply button. */
import { TEMPLATE_NAME_MAX, type TemplateNameCheck, type TemplateTextCheck } from '../../core/template.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { bold, code, italic, join, lines, text, truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';

export const templateCommandDescriptions = {
  template: 'Save a reply template: /template <name> <text>; show one: /template <name>',
  untemplate: 'Delete a reply template: /untemplate <name>',
  templates: 'List the reply templates',
  t: 'Reply to an order message with /t <name> to send a template',
} as const;

export const QUICK_REPLY_BUTTONS = {
  open: '⚡ Quick reply',
  close: '✖ Close',
  template: ({ name }: { name: string }) => `📝 ${name}`,
} as const;

const PLACEHOLDER_HELP = 'Placeholders: {order} {product} {quantity} {amount} {field:<label>}';

export const templateUsage: Html = lines([
  text('Usage: /template <name> <text> saves a template (the text may have several lines); /template <name> shows it.'),
  text('Names: letters, digits, _ and -.'),
  text(PLACEHOLDER_HELP),
  italic('greeting, delivered and confirm-reminder are sent to buyers by themselves.'),
]);
export const untemplateUsage = 'Usage: /untemplate <name>';
export const useTemplateUsage = 'Reply to an order card or to a message of an order with /t <name>.';
export const templatesUnavailable = 'Templates are not available in this setup.';

const NAME_REFUSALS: Record<Exclude<TemplateNameCheck, { ok: true }>['reason'], string> = {
  empty: 'a template needs a name',
  'too-long': `the name is longer than ${TEMPLATE_NAME_MAX} characters`,
  'bad-characters': 'a name may have only letters, digits, _ and -',
};
export const templateNameRefused = ({ reason }: { reason: Exclude<TemplateNameCheck, { ok: true }>['reason'] }) =>
  `Bad template name: ${NAME_REFUSALS[reason]}.`;

export function templateTextRefused(check: Exclude<TemplateTextCheck, { ok: true }>): Html {
  switch (check.reason) {
    case 'empty':
      return text('Not saved: the text is empty.');
    case 'too-long':
      return text(`Not saved: the text has ${check.length} characters, more than the store's ${check.limit}.`);
    case 'unknown-placeholder':
      return lines([join(['Not saved: unknown placeholder ', code(truncate(check.placeholder, 60)), '.']), text(PLACEHOLDER_HELP)]);
  }
}

export const templateSaved = ({ name, replaced }: { name: string; replaced: boolean }): Html =>
  join([replaced ? '✓ Template ' : '✓ New template ', code(name), replaced ? ' replaced.' : ' saved.']);
export const templateDeleted = ({ name }: { name: string }): Html => join(['✓ Template ', code(name), ' deleted.']);
export const templateUnknown = ({ name }: { name: string }): Html =>
  join(['No template ', code(truncate(name, 40)), '. /templates lists them.']);
export const templateShown = ({ name, body }: { name: string; body: string }): Html => join([bold(name), '\n', text(body)]);

export const noTemplates: Html = lines([text('No templates yet.'), text('Save one with /template <name> <text>.')]);
export const templatesHeader = ({ count }: { count: number }): Html => bold(`Templates: ${count}`);
export const templateListItem = ({ name, body }: { name: string; body: string }): Html =>
  join(['• ', code(name), ' — ', text(truncate(body.replace(/\s+/g, ' '), 80))]);
export const templatesFooter: Html = italic('Reply to an order message with /t <name>, or tap “⚡ Quick reply” on a card.');

export const renderedTooLong = ({ name, length, limit }: { name: string; length: number; limit: number }): Html =>
  join(['Not sent: ', code(name), ` gives ${length} characters for this order, more than the store's ${limit}.`]);
export const renderedEmpty = ({ name }: { name: string }): Html => join(['Not sent: ', code(name), ' gives an empty text for this order.']);
export const missingFieldsNote = ({ labels }: { labels: readonly string[] }): Html =>
  text(`Note: this order has no ${labels.map((label) => `“${truncate(label, 40)}”`).join(', ')}: left empty in the text.`);

export const quickMenuNoTemplates = 'No templates yet: save one with /template <name> <text>';
export const quickMenuOpened = 'Tap a template to send it to the buyer';
export const quickMenuClosed = 'Closed';
export const quickMenuStale = 'This menu is no longer valid';
export const quickTemplateQueued = ({ name }: { name: string }) => `“${name}” is on its way to the buyer`;
export const quickTemplateRefused = ({ name, reason }: { name: string; reason: 'gone' | 'empty' | 'too-long' }) =>
  reason === 'gone'
    ? `“${name}” no longer exists`
    : reason === 'empty'
      ? `“${name}” is empty for this order`
      : `“${name}” is too long for this order`;
export const quickMissingFields = ({ orderId, name, labels }: { orderId: OrderId; name: string; labels: readonly string[] }): Html =>
  join([
    'Quick reply ',
    code(name),
    ' to order ',
    idCode(orderId),
    ': ',
    text(`no ${labels.map((label) => `“${truncate(label, 40)}”`).join(', ')} in this order, left empty.`),
  ]);
