# access.ts
## (plain text)
access-refused-message = Sorry, only the store admins set in this bot's settings can use it. /start shows your user id.
access-private-hint = Reply to an order card or to a buyer message to write to the buyer. /help explains more.
