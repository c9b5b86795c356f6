/** The command list and the answers of /start, /help, /orders, /order, /reply, /products and /status (/stock's: stock.ts). */
import type { OrderId } from '../../seller-api/schemas.ts';
import { bold, code, italic, join, lines, link, text, truncate, type Html } from '../helpers/html.ts';
import { BUTTONS } from './buttons.ts';
import { ago, formatMoment, formatNumber, idCode } from './format.ts';
import { statusInWords } from './order-card.ts';
import { statsCommandDescription } from './stats.ts';
import { autocancelCommandDescription } from './reminders.ts';
import { stockCommandDescription } from './stock.ts';
import { templateCommandDescriptions } from './templates.ts';

export const COMMANDS = [
  { command: 'start', description: 'What this bot is, and your chat and user ids' },
  { command: 'help', description: 'How to use the bridge' },
  { command: 'orders', description: 'Open orders, optionally of one status' },
  { command: 'order', description: 'Show the card and history of one order: /order <id>' },
  { command: 'reply', description: 'Write to the buyer of an order: /reply <id>' },
  { command: 'products', description: 'Products with automation enabled' },
  { command: 'status', description: 'Health of the connection to the store' },
  { command: 'stock', description: stockCommandDescription },
  { command: 'templates', description: templateCommandDescriptions.templates },
  { command: 'template', description: templateCommandDescriptions.template },
  { command: 'untemplate', description: templateCommandDescriptions.untemplate },
  { command: 't', description: templateCommandDescriptions.t },
  { command: 'stats', description: statsCommandDescription },
  { command: 'autocancel', description: autocancelCommandDescription },
] as const;

// ---- /start ----

export const startIntro: Html = join([
  bold('Seller bridge'),
  ': brings every new paid order and every buyer message of your store into this chat.',
]);
export const startHowTo: Html = text(
  'Take, deliver or cancel an order with the buttons on its card; answer a buyer by replying to the card or to their message.',
);
export const startTrialBound: Html = text('🎉 Trial mode: this chat is now bound. New orders will appear here.');
export const startTrialUnbound: Html = text('Trial mode: send /start in a private chat with this bot to receive the orders there.');
export const startChatConfigured = ({ chatId }: { chatId: number }): Html =>
  join(['✓ This chat (', code(String(chatId)), ') is where orders are posted.']);
export const startChatUnset = ({ chatId }: { chatId: number }): Html =>
  join(['✗ No chat is configured yet. This chat id is ', code(String(chatId)), ': set TELEGRAM_CHAT_ID to it.']);
export const startChatOther = ({ chatId }: { chatId: number }): Html =>
  join(['✗ This chat (', code(String(chatId)), ') is not the configured chat (TELEGRAM_CHAT_ID).']);
export const startUserUnknown: Html = text('Your user id is unknown.');
export const startUserAdmin = ({ userId }: { userId: number }): Html =>
  join(['✓ You (user ', code(String(userId)), ') may take, deliver, cancel and reply.']);
export const startUserNotAdmin = ({ userId }: { userId: number }): Html =>
  join(['✗ You (user ', code(String(userId)), ') are not an admin: add this id to TELEGRAM_ADMIN_IDS.']);

// ---- /help ----

export const helpText: Html = join(
  [
    bold('How it works'),
    lines([
      `• A new paid order appears as a card with “${BUTTONS.take}” and “${BUTTONS.cancel}”.`,
      `• “${BUTTONS.take}” takes it; the card then offers “${BUTTONS.deliver}” and “${BUTTONS.cancel}”.`,
      `• “${BUTTONS.deliver}” asks for the issued value (or “${BUTTONS.deliverWithoutValue}”), shows a preview, then “${BUTTONS.confirm}”.`,
      `• “${BUTTONS.cancel}” asks “cancel and refund?” with “${BUTTONS.confirm}” and “${BUTTONS.back}”.`,
      '• Buyer messages arrive as replies to their order card. Reply to the card or to a buyer message to answer; the bridge tells you when it was sent.',
    ]),
    bold('Commands'),
    lines(COMMANDS.map((command) => `/${command.command} — ${command.description}`)),
  ],
  '\n\n',
);

// ---- /orders, /order, /reply ----

export const noOpenOrders = ({ status }: { status: string | undefined }): Html =>
  text(status ? `No open orders with status “${status}”.` : 'No open orders.');
export const openOrdersHeader = ({ status, count }: { status: string | undefined; count: number }): Html =>
  bold(status ? `Open orders (${status}): ${count}` : `Open orders: ${count}`);
interface OrderListItemParams {
  orderId: OrderId;
  productTitle: string | undefined;
  status: string;
  /** A link to the order's card, when the chat has message links. */
  cardUrl: string | undefined;
}
export function orderListItem({ orderId, productTitle, status, cardUrl }: OrderListItemParams): Html {
  const label = join([idCode(orderId), productTitle ? ` · ${truncate(productTitle, 60)}` : '', ` · ${statusInWords(status)}`]);
  return cardUrl ? join(['• ', link(cardUrl, 'card'), ' ', label]) : join(['• ', label]);
}
export const orderListFooter = ({ withLinks }: { withLinks: boolean }): Html =>
  italic(withLinks ? 'Tap “card” to jump to an order card.' : 'Send /order <id> to bring an order card down here.');
export const orderUsage = 'Usage: /order <order id>';
export const orderUnknown = ({ orderId }: { orderId: string }): Html =>
  join(['This bridge does not know order ', idCode(orderId), '. /orders lists the open ones.']);
export const replyCommandUsage = 'Usage: /reply <order id>, then send your text.';

// ---- /products ----

export const noProducts: Html = text('No products with automation enabled.');
export const productsHeader = ({ count }: { count: number }): Html => bold(`Products with automation: ${count}`);
interface ProductItemParams {
  title: string;
  price: number | undefined;
  inactive: boolean;
  /** The labels of the fields a buyer fills in. */
  fields: readonly string[];
}
export function productItem({ title, price, inactive, fields }: ProductItemParams): Html {
  const fieldList = fields.map((field) => truncate(field, 40)).join(', ');
  return join([
    '• ',
    bold(truncate(title, 100)),
    price === undefined ? '' : ` — ${formatNumber(price)}`,
    inactive ? ' (inactive)' : '',
    fieldList ? `\n  fields: ${truncate(fieldList, 300)}` : '',
  ]);
}
export const productsMore = ({ count }: { count: number }): Html => italic(`…and ${count} more`);
export const productsUnavailable = 'The product list is not available in this setup.';
export const productsFailed = ({ reason }: { reason: string }) => `Could not read the products: ${reason}.`;
/** The reason when the failure is not the store's answer. */
export const productsFailedUnasked = 'the store could not be asked';

// ---- /status ----

export const statusRunning: Html = bold('🟢 Sync is running');
export const statusStopped: Html = bold('⏸ Sync is stopped');
export const statusLastAnswer = ({ at, now }: { at: number | undefined; now: number }) => `Last answer from the store: ${ago(at, now)}`;
export const statusErrorsInARow = ({ count }: { count: number }) => `Errors in a row: ${count}`;
export const statusLastError = ({ code, at, now }: { code: string; at: number; now: number }) => `Last error: ${code} (${ago(at, now)})`;
export const statusNoError = 'Last error: none';
export const statusOutbox = ({ count }: { count: number }) => `Actions waiting in the outbox: ${count}`;
export const statusOpenOrders = ({ count }: { count: number }) => `Open orders watched: ${count}`;
export const statusChats = ({ active, quiet }: { active: number; quiet: number }) => `Chats watched: ${active} active, ${quiet} quiet`;
interface StatusRateLimitParams {
  remaining: number;
  limit: number | undefined;
  /** When the store resets the count (ms since the epoch). */
  resetAt: number | undefined;
}
export const statusRateLimit = ({ remaining, limit, resetAt }: StatusRateLimitParams) =>
  `Store rate limit: ${remaining}${limit === undefined ? '' : ` of ${limit}`} left` +
  (resetAt === undefined ? '' : `, resets ${formatMoment(resetAt)}`);
export const statusRateLimitUnknown = 'Store rate limit: not reported';
export const statusRequests = ({ count }: { count: number }) => `Requests sent to the store: ${count}`;
