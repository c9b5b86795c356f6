/** What the bot says to those it does not act for, and in a private chat to what nothing else handled. */
export const refusedMessage = 'Sorry, only the store admins configured for this bridge can use it. /start shows your user id.';

export const privateHint = 'Reply to an order card or to a buyer message to write to the buyer. /help explains more.';
