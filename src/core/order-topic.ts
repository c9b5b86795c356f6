/** The forum topic of an order (TELEGRAM_TOPICS=auto), as the bot keeps it and the database stores it. */
import type { OrderId } from '../seller-api/schemas.ts';

export interface OrderTopic {
  orderId: OrderId;
  chatId: number;
  /** Telegram's `message_thread_id` of the topic. */
  threadId: number;
  /** The topic's name as last set (status emoji, order id, product title). */
  name: string;
  closed: boolean;
}
