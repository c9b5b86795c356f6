/** A Telegram message that represents an order (its card, a relayed buyer message, an acknowledgement). */
export interface TelegramRef {
  chatId: number;
  messageId: number;
}
