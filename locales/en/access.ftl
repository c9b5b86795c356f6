# access.ts
## (plain text)
access-refused-message = Sorry, only the store admins configured for this bridge can use it. /start shows your user id.
access-private-hint = Reply to an order card or to a buyer message to write to the buyer. /help explains more.
