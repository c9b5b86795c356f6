/**
 * Every word the bot shows, in English, in one place. Texts are built from `Html` pieces (helpers/html.ts) so every
 * buyer- or store-provided string is escaped and the length Telegram counts is known.
 * Button labels are part of the public interface (DESIGN.md): tools and people rely on them verbatim.
 */
import type { SellerApiErrorCode } from '../seller-api/errors.ts';
import type { Message, Order, OrderId, Product } from '../seller-api/schemas.ts';
import type { SyncStatus } from '../sync/contract.ts';
import { bold, code, italic, join, lines, link, text, truncate, type Html } from './helpers/html.ts';
import type { ActionKind, SellerAction } from '../core/actions.ts';

/** Telegram's limit for a message's text after entity parsing. */
export const TELEGRAM_TEXT_LIMIT = 4096;
/** DESIGN: seller text is at most 4000 characters (the sandbox's limit); longer is refused before any API call. */
export const SELLER_TEXT_LIMIT = 4000;

export const BUTTONS = {
  take: 'Take',
  cancel: 'Cancel',
  deliver: 'Deliver',
  deliverWithoutValue: 'Deliver without value',
  confirm: 'Confirm',
  back: 'Back',
} as const;

// ---- the order card ----------------------------------------------------------------------------------------------

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

/** ISO timestamps as `2024-05-01 12:30 UTC`; anything else shown as the store sent it. */
export function formatTime(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const formatNumber = (value: number) => (Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6))));

const FIELD_VALUE_MAX = 500;
const TITLE_MAX = 200;
const DELIVERED_VALUE_MAX = 1000;

const labelled = (label: string, value: Html | string): Html => join([bold(`${label}:`), ' ', value]);

/** The order card: what a seller needs to act, within Telegram's length limit whatever the buyer typed. */
export function orderCard(order: Order): Html {
  const head: Html[] = [join(['🛒 ', bold('Order'), ' ', code(truncate(order.id, 200))])];
  if (order.productTitle) head.push(labelled('Product', truncate(order.productTitle, TITLE_MAX)));
  if (order.quantity !== undefined) head.push(labelled('Quantity', formatNumber(order.quantity)));
  if (order.amount !== undefined) head.push(labelled('Amount', formatNumber(order.amount)));
  if (order.createdAt) head.push(labelled('Created', formatTime(order.createdAt)));
  head.push(labelled('Status', statusInWords(order.status)));
  if (order.assigneeType) head.push(labelled('Performed by', assigneeInWords(order.assigneeType)));

  const tail: Html[] = [];
  if (order.deliveredValue !== undefined && order.deliveredValue !== '') {
    tail.push(labelled('Delivered value', code(truncate(order.deliveredValue, DELIVERED_VALUE_MAX))));
  } else if (order.deliveredAt) {
    tail.push(labelled('Delivered', 'without a value'));
  }

  const fields = (order.fieldValues ?? []).map((field) =>
    text(`${truncate(field.label ?? field.fieldId ?? 'field', 100)}: ${truncate(field.value ?? '', FIELD_VALUE_MAX)}`),
  );
  const fixed = lines([...head, ...tail]).length + 2;
  const shown: Html[] = [];
  let used = fixed;
  for (const [index, field] of fields.entries()) {
    const more = fields.length - index;
    // Keep room for the "and N more" line in case a later field does not fit.
    if (used + field.length + 1 + 40 > TELEGRAM_TEXT_LIMIT && more > 1) {
      shown.push(italic(`…and ${more} more fields (too long to show)`));
      break;
    }
    shown.push(field);
    used += field.length + 1;
  }
  const sections = [lines(head)];
  if (shown.length > 0) sections.push(lines(shown));
  if (tail.length > 0) sections.push(lines(tail));
  return join(sections, '\n\n');
}

// ---- relayed chat messages ---------------------------------------------------------------------------------------

const ROLE_LABELS: Record<string, string> = {
  buyer: '💬 Buyer',
  system: 'ℹ️ System',
  seller: '🏪 Seller (on the store website)',
};

export const roleLabel = (role: string) => ROLE_LABELS[role] ?? `❔ ${truncate(role, 40)}`;

/** The first line of a relayed message: who wrote it and which order it belongs to. */
export function chatMessageHeader(
  role: Message['senderRole'],
  orderId: OrderId,
  productTitle: string | undefined,
  part?: { index: number; total: number },
): Html {
  const pieces: (Html | string)[] = [bold(roleLabel(role)), ' · order ', code_(orderId)];
  if (productTitle) pieces.push(` · ${truncate(productTitle, 60)}`);
  if (part && part.total > 1) pieces.push(italic(` (part ${part.index} of ${part.total})`));
  return join(pieces);
}

/** A relayed message part: the header, a blank line, the raw text escaped on its own. */
export const chatMessagePart = (header: Html, body: string): Html => join([header, text(body)], '\n\n');

// ---- actions -----------------------------------------------------------------------------------------------------

/** Ids in texts are code-formatted and cut, so a freak id cannot push a message over Telegram's limit. */
function code_(raw: string): Html {
  return code(truncate(raw, 80));
}

const ACTION_NAMES: Record<ActionKind, string> = {
  take: 'take',
  deliver: 'delivery',
  cancel: 'cancellation',
  message: 'message',
};

/** Why an action failed, in plain words. */
export function failureReason(action: SellerAction, errorCode: SellerApiErrorCode): string {
  switch (errorCode) {
    case 'ORDER_INVALID_STATUS':
      if (action.kind === 'take') return 'already taken or cancelled';
      if (action.kind === 'deliver') return 'not in progress any more (already delivered or cancelled)';
      if (action.kind === 'cancel') return 'can no longer be cancelled (already delivered, completed or cancelled)';
      return 'the order does not accept this any more';
    case 'ORDER_NOT_FOUND':
      return 'the order was not found in the store';
    case 'VALIDATION_ERROR':
      return action.kind === 'message' ? 'the store refused the text' : 'the store refused the request';
    case 'API_KEY_INVALID':
      return 'the store refused the API key (create a new key in the store settings)';
    case 'RATE_LIMIT':
      return "the store's request limit is reached";
    case 'TRANSPORT':
      return 'the store is not answering';
    case 'API_ERROR':
      return 'the store answered with an error this bridge does not know';
  }
}

/** Why an action waits in the outbox. */
export function queuedReason(errorCode: SellerApiErrorCode): string {
  if (errorCode === 'RATE_LIMIT') return "queued: the store's request limit is reached; will retry";
  if (errorCode === 'API_KEY_INVALID') return 'queued: the store refused the API key; will retry once a valid key is set';
  return 'queued: the store is not answering; will retry';
}

export const actionFailed = (action: SellerAction, errorCode: SellerApiErrorCode): Html =>
  join(['⚠️ Order ', code_(action.orderId), `: ${ACTION_NAMES[action.kind]} failed: ${failureReason(action, errorCode)}.`]);

export const actionQueued = (action: SellerAction, errorCode: SellerApiErrorCode): Html =>
  join(['⏳ Order ', code_(action.orderId), `: ${ACTION_NAMES[action.kind]} ${queuedReason(errorCode)}.`]);

/** Callback answers (plain text, at most 200 characters). */
export const CALLBACK = {
  taking: 'Taking the order…',
  cancelling: 'Cancelling and refunding…',
  delivering: 'Delivering…',
  alreadyInProgress: 'Already in progress.',
  alreadyDone: 'Already done.',
  stale: 'This button is no longer valid. Use the buttons on the order card.',
  staleStep: 'This step has expired or belongs to someone else. Tap Deliver on the order card again.',
  unknownOrder: 'This bridge does not know that order.',
  refused: 'Only the store admins configured for this bridge can do this.',
  notHere: 'Orders are handled in the configured chat only.',
  ok: 'OK',
} as const;

export const cancelQuestion = (order: Order | undefined, orderId: OrderId): Html =>
  join([
    '❓ Cancel order ',
    code_(orderId),
    ' and refund ',
    order?.amount === undefined ? 'the buyer' : bold(formatNumber(order.amount)),
    order?.amount === undefined ? '' : ' to the buyer',
    '?',
  ]);
export const cancelRequested = (orderId: OrderId): Html => join(['⏳ Cancelling order ', code_(orderId), ' and refunding…']);
export const cancelDropped = (orderId: OrderId): Html => join(['Order ', code_(orderId), ' was not cancelled.']);

export const deliverAsk = (orderId: OrderId): Html =>
  lines([
    join(['📦 Delivering order ', code_(orderId), '.']),
    `Reply to this message with the issued value (a code, a link, a login…), or tap “${BUTTONS.deliverWithoutValue}”.`,
  ]);
export const deliverPreview = (orderId: OrderId, value: string | undefined): Html =>
  value === undefined
    ? join(['Deliver order ', code_(orderId), ' ', bold('without a value'), '?'])
    : lines([join(['Deliver order ', code_(orderId), ' with this value?']), code(truncate(value, 3000))]);
export const deliverRequested = (orderId: OrderId, value: string | undefined): Html =>
  join(['⏳ Delivering order ', code_(orderId), value === undefined ? ' without a value…' : '…']);
export const deliverDropped = (orderId: OrderId): Html => join(['Order ', code_(orderId), ' was not delivered.']);
export const deliverValueEmpty = 'The value is empty. Reply with the issued value, or tap the button.';
export const DELIVER_VALUE_LIMIT = 4000;
export const deliverValueTooLong = (length: number) =>
  `The value is ${length} characters long; at most ${DELIVER_VALUE_LIMIT} are accepted. Send a shorter value.`;

// ---- replies to buyers -------------------------------------------------------------------------------------------

export const replyRefusedEmpty = 'Not sent: the message is empty.';
export const replyRefusedTooLong = (length: number) =>
  `Not sent: the message is ${length} characters long; the store accepts at most ${SELLER_TEXT_LIMIT}. Split it and send again.`;
export const replyRefusedNotText = 'Not sent: only text can be sent to the buyer.';
export const replyNotLinked = 'This message is not linked to an order. Reply to an order card or to a buyer message.';
export const replySent = (orderId: OrderId): Html => join(['✓ Sent to the buyer of order ', code_(orderId), '.']);
export const replyFailed = (action: SellerAction, errorCode: SellerApiErrorCode): Html =>
  join(['⚠️ Not sent to the buyer of order ', code_(action.orderId), `: ${failureReason(action, errorCode)}.`]);
export const replyQueued = (action: SellerAction, errorCode: SellerApiErrorCode): Html =>
  join(['⏳ Message to the buyer of order ', code_(action.orderId), ` ${queuedReason(errorCode)}.`]);
export const replyAsk = (orderId: OrderId): Html =>
  join(['✍️ Reply to this message with your text for the buyer of order ', code_(orderId), '.']);
export const replyCommandUsage = 'Usage: /reply <order id>, then send your text.';

// ---- commands ----------------------------------------------------------------------------------------------------

export const COMMANDS = [
  { command: 'start', description: 'What this bot is, and your chat and user ids' },
  { command: 'help', description: 'How to use the bridge' },
  { command: 'orders', description: 'Open orders, optionally of one status' },
  { command: 'order', description: 'Show the card of one order: /order <id>' },
  { command: 'reply', description: 'Write to the buyer of an order: /reply <id>' },
  { command: 'products', description: 'Products with automation enabled' },
  { command: 'status', description: 'Health of the connection to the store' },
] as const;

export interface StartFacts {
  chatId: number;
  userId: number | undefined;
  configuredChatId: number | undefined;
  isAdmin: boolean;
  /** Trial mode just bound this chat. */
  boundNow: boolean;
  trial: boolean;
}

export function startText(facts: StartFacts): Html {
  const chatLine =
    facts.configuredChatId === facts.chatId
      ? join(['✓ This chat (', code(String(facts.chatId)), ') is where orders are posted.'])
      : facts.configuredChatId === undefined
        ? join(['✗ No chat is configured yet. This chat id is ', code(String(facts.chatId)), ': set TELEGRAM_CHAT_ID to it.'])
        : join(['✗ This chat (', code(String(facts.chatId)), ') is not the configured chat (TELEGRAM_CHAT_ID).']);
  const userLine =
    facts.userId === undefined
      ? text('Your user id is unknown.')
      : facts.isAdmin
        ? join(['✓ You (user ', code(String(facts.userId)), ') may take, deliver, cancel and reply.'])
        : join(['✗ You (user ', code(String(facts.userId)), ') are not an admin: add this id to TELEGRAM_ADMIN_IDS.']);
  const parts: Html[] = [
    join([bold('Seller bridge'), ': brings every new paid order and every buyer message of your store into this chat.']),
    text('Take, deliver or cancel an order with the buttons on its card; answer a buyer by replying to the card or to their message.'),
  ];
  if (facts.boundNow) parts.push(text('🎉 Trial mode: this chat is now bound. New orders will appear here.'));
  else if (facts.trial && facts.configuredChatId === undefined) {
    parts.push(text('Trial mode: send /start in a private chat with this bot to receive the orders there.'));
  }
  parts.push(lines([chatLine, userLine]));
  return join(parts, '\n\n');
}

export const helpText = (): Html =>
  join(
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

export interface OrderListEntry {
  order: Order;
  cardUrl: string | undefined;
}

export function orderList(entries: readonly OrderListEntry[], status: string | undefined): Html {
  if (entries.length === 0) return text(status ? `No open orders with status “${status}”.` : 'No open orders.');
  const items = entries.map(({ order, cardUrl }) => {
    const label = join([code_(order.id), order.productTitle ? ` · ${truncate(order.productTitle, 60)}` : '', ` · ${statusInWords(order.status)}`]);
    return cardUrl ? join(['• ', link(cardUrl, 'card'), ' ', label]) : join(['• ', label]);
  });
  const header = bold(status ? `Open orders (${status}): ${entries.length}` : `Open orders: ${entries.length}`);
  const hasLinks = entries.some((entry) => entry.cardUrl);
  const footer = italic(hasLinks ? 'Tap “card” to jump to an order card.' : 'Send /order <id> to bring an order card down here.');
  return join([header, lines(items), footer], '\n\n');
}

export const orderUsage = 'Usage: /order <order id>';
export const orderUnknown = (orderId: string): Html =>
  join(['This bridge does not know order ', code_(orderId), '. /orders lists the open ones.']);

export function productList(products: readonly Product[]): Html {
  if (products.length === 0) return text('No products with automation enabled.');
  const items = products.map((product) => {
    const fields = (product.fields ?? []).map((field) => truncate(field.label ?? field.id, 40)).join(', ');
    return join([
      '• ',
      bold(truncate(product.title ?? product.id, 100)),
      product.price === undefined ? '' : ` — ${formatNumber(product.price)}`,
      product.active === false ? ' (inactive)' : '',
      fields ? `\n  fields: ${truncate(fields, 300)}` : '',
    ]);
  });
  const shown: Html[] = [];
  let used = 100;
  for (const item of items) {
    if (used + item.length + 1 > TELEGRAM_TEXT_LIMIT) break;
    shown.push(item);
    used += item.length + 1;
  }
  const more = items.length - shown.length;
  return join(
    [bold(`Products with automation: ${products.length}`), lines(shown), ...(more > 0 ? [italic(`…and ${more} more`)] : [])],
    '\n\n',
  );
}
export const productsUnavailable = 'The product list is not available in this setup.';
export const productsFailed = (reason: string) => `Could not read the products: ${reason}.`;

const ago = (at: number | undefined, now: number) => {
  if (at === undefined) return 'never';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 120) return `${seconds} s ago`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
};

export function statusText(status: SyncStatus, now: number): Html {
  const rate = status.rateLimit;
  return lines([
    bold(status.running ? '🟢 Sync is running' : '⏸ Sync is stopped'),
    `Last answer from the store: ${ago(status.lastSuccessfulPollAt, now)}`,
    `Errors in a row: ${status.errorsInARow}`,
    status.lastError ? `Last error: ${status.lastError.code} (${ago(status.lastError.at, now)})` : 'Last error: none',
    `Actions waiting in the outbox: ${status.outboxDepth}`,
    `Open orders watched: ${status.knownOpenOrders}`,
    `Chats watched: ${status.watchedChats.hot} active, ${status.watchedChats.quiet} quiet`,
    rate && rate.remaining !== undefined
      ? `Store rate limit: ${rate.remaining}${rate.limit === undefined ? '' : ` of ${rate.limit}`} left${rate.resetAt === undefined ? '' : `, resets ${formatTime(new Date(rate.resetAt).toISOString())}`}`
      : 'Store rate limit: not reported',
    `Requests sent to the store: ${status.requestsSent}`,
  ]);
}

// ---- access ------------------------------------------------------------------------------------------------------

export const refusedMessage = 'Sorry, only the store admins configured for this bridge can use it. /start shows your user id.';

export const privateHint = 'Reply to an order card or to a buyer message to write to the buyer. /help explains more.';

// ---- alerts (posted by the lead's wiring through `postNotice`) ----------------------------------------------------

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

export const ALERTS = {
  apiKeyRefused: (): Html =>
    join(['🔑 ', bold('The store refused the API key.'), ' Create a new key in the store settings and restart the bridge. Actions stay queued.']),
  storeDown: (minutes: number): Html =>
    join(['📡 ', bold(`The store has not answered for ${count(Math.max(1, minutes), 'minute')}.`), ' Orders and messages will arrive once it is back.']),
  storeBack: (): Html => join(['✅ ', bold('The store is back.'), ' Sync has resumed.']),
  whileAway: (summary: { orders: number; messages: number; since: number }): Html =>
    join([
      '👋 ',
      bold(`While you were away (since ${formatTime(new Date(summary.since).toISOString())}): `),
      `${count(summary.orders, 'new order')}, ${count(summary.messages, 'buyer message')}. They follow below.`,
    ]),
  /** Any other notice: the text is escaped. */
  plain: (raw: string): Html => text(raw),
};
