/** The lines of an order card (laid out by cards/render-card.ts). Each value is cut to what a card line may show. */
import type { OrderId } from '../../seller-api/schemas.ts';
import { bold, code, italic, join, text, truncate, type Html } from '../helpers/html.ts';
import { count, formatNumber, formatTime } from './format.ts';

const STATUS_WORDS: Record<string, string> = {
  paid: '🟢 paid, waiting to be taken',
  processing: '🛠 in progress',
  awaiting_confirmation: '📦 delivered, waiting for the buyer to confirm',
  cancelled: '✖️ cancelled, the buyer was refunded',
  completed: '✅ completed, the buyer confirmed receipt',
};

/** Known statuses in words; an unknown one raw, so nothing the store says is hidden. */
export function statusInWords(status: string): string {
  return STATUS_WORDS[status] ?? `❔ ${status}`;
}

const ASSIGNEE_WORDS: Record<string, string> = {
  api: 'this bridge (API)',
  user: 'a person on the store website',
};

const assigneeInWords = (assignee: string) => ASSIGNEE_WORDS[assignee] ?? assignee;

const labelled = (label: string, value: Html | string): Html => join([bold(`${label}:`), ' ', value]);

export const cardTitle = ({ orderId }: { orderId: OrderId }): Html => join(['🛒 ', bold('Order'), ' ', code(truncate(orderId, 200))]);
export const cardProduct = ({ title }: { title: string }): Html => labelled('Product', truncate(title, 200));
export const cardQuantity = ({ quantity }: { quantity: number }): Html => labelled('Quantity', formatNumber(quantity));
export const cardAmount = ({ amount }: { amount: number }): Html => labelled('Amount', formatNumber(amount));
// A time that cannot be read, an unknown status or assignee is shown as the store sent it: cut, like every value here.
export const cardCreated = ({ createdAt }: { createdAt: string }): Html => labelled('Created', truncate(formatTime(createdAt), 100));
export const cardStatus = ({ status }: { status: string }): Html => labelled('Status', truncate(statusInWords(status), 200));
export const cardPerformedBy = ({ assignee }: { assignee: string }): Html =>
  labelled('Performed by', truncate(assigneeInWords(assignee), 200));

export const cardDeliveredValue = ({ value }: { value: string }): Html => labelled('Delivered value', code(truncate(value, 1000)));
export const cardDeliveredWithoutValue: Html = labelled('Delivered', 'without a value');

/** A field the buyer filled in. */
export const cardField = ({ label, value }: { label: string; value: string }): Html =>
  text(`${truncate(label, 100)}: ${truncate(value, 500)}`);
/** The label of a field the store sent without label or id. */
export const unnamedField = 'field';
export const cardMoreFields = ({ fields }: { fields: number }): Html => italic(`…and ${count(fields, 'more field')} (too long to show)`);
