# commands.ts
## the command list (plain text, Telegram's menu)
commands-description-start = What this bot is, and your chat and user ids
commands-description-help = How to use the bot
commands-description-orders = Open orders, optionally of one status
commands-description-order = Show the card and history of one order: /order <id>
commands-description-reply = Write to the buyer of an order: /reply <id>
commands-description-products = Products with automation enabled
commands-description-status = Health of the connection to the store
commands-description-stock = Stock for auto-delivery: list, pause, resume; send a .txt file to add
commands-description-templates = List the reply templates
commands-description-template = Save a reply template: /template <name> <text>; show one: /template <name>
commands-description-untemplate = Delete a reply template: /untemplate <name>
commands-description-t = Reply to an order message with /t <name> to send a template
commands-description-stats = Orders, revenue and answer times with a chart: /stats [days] (7 by default)
commands-description-export = A spreadsheet (CSV) of the orders: /export [days] (30 by default)
commands-description-autoreply = Answer buyers by keywords: /autoreply add <template> <phrase>; …, /autoreply del <n>
commands-description-away = Away mode: /away on|off; /away shows it
commands-description-autocancel = Cancel untaken orders of a product automatically: /autocancel <productId> <minutes or 0>
commands-description-backup = An encrypted backup of the database, sent to your private chat (admins)
commands-description-language = Your language for the bot's answers to you

## /start (HTML)
commands-start-intro = <b>Seller bot</b>: brings every new paid order and every buyer message of your store into this chat.
commands-start-how-to = Take, deliver or cancel an order with the buttons on its card; answer a buyer by replying to the card or to their message.
commands-start-trial-bound = 🎉 Trial mode: this chat is now bound. New orders will appear here.
commands-start-trial-unbound = Trial mode: send /start in a private chat with this bot to receive the orders there.
commands-start-chat-configured = ✓ This chat (<code>{ $chatId }</code>) is where orders are posted.
commands-start-chat-unset = ✗ No chat is configured yet. This chat id is <code>{ $chatId }</code>: set TELEGRAM_CHAT_ID to it.
commands-start-chat-other = ✗ This chat (<code>{ $chatId }</code>) is not the configured chat (TELEGRAM_CHAT_ID).
commands-start-user-unknown = Your user id is unknown.
commands-start-user-admin = ✓ You (user <code>{ $userId }</code>) may take, deliver, cancel and reply.
commands-start-user-not-admin = ✗ You (user <code>{ $userId }</code>) are not an admin: add this id to TELEGRAM_ADMIN_IDS.

## /help (HTML); the command lines follow, from the command list
commands-help-text =
    <b>How it works</b>

    • A new paid order appears as a card with “{ buttons-take }” and “{ buttons-cancel }”.
    • “{ buttons-take }” takes it; the card then offers “{ buttons-deliver }” and “{ buttons-cancel }”.
    • “{ buttons-deliver }” asks for the issued value (or “{ buttons-deliver-without-value }”), shows a preview, then “{ buttons-confirm }”.
    • “{ buttons-cancel }” asks “cancel and refund?” with “{ buttons-confirm }” and “{ buttons-back }”.
    { $forum ->
        [yes] • Each order has its own topic: its card is pinned there, its buyer's messages arrive there, and General gets a line with a link. To answer the buyer, just write in the order's topic; the bot tells you when it was sent.
       *[no] • Buyer messages arrive as replies to their order card. Reply to the card or to a buyer message to answer; the bot tells you when it was sent.
    }

    <b>Commands</b>
commands-help-command = /{ $command } — { $description }

## /orders, /order, /reply (HTML unless marked plain)
commands-no-open-orders = { $filtered ->
    [yes] No open orders with status “{ $status }”.
   *[no] No open orders.
}
commands-open-orders-header = <b>{ $filtered ->
        [yes] Open orders ({ $status }): { $count }
       *[no] Open orders: { $count }
    }</b>
commands-order-list-item = { $orderId }{ $product }{" · "}{ $status }
commands-order-list-item-product = {" · "}{ $title }
commands-order-list-item-bullet = • { $label }
commands-order-list-item-linked = • { $link } { $label }
# plain: the text of the link to an order's card
commands-order-list-card = card
commands-order-list-footer = <i>{ $withLinks ->
        [yes] Tap “card” to jump to an order card.
       *[no] Send /order &lt;id&gt; to bring an order card down here.
    }</i>
# plain
commands-order-usage = Usage: /order <order id>
commands-order-unknown = The bot does not know order { $orderId }. /orders lists the open ones.
# plain
commands-reply-command-usage = Usage: /reply <order id>, then send your text.

## /products (HTML unless marked plain)
commands-no-products = No products with automation enabled.
commands-products-header = <b>Products with automation: { $count }</b>
commands-product-item = • <b>{ $title }</b> · <code>{ $productId }</code>{ $price }{ $inactive }{ $fields }
commands-product-item-price = {" — "}{ $price }
commands-product-item-inactive = {" (inactive)"}
commands-product-item-fields = {"\u000A  "}fields: { $fields }
commands-products-more = <i>…and { $count } more</i>
# plain
commands-products-unavailable = The product list is not available in this setup.
# plain
commands-products-failed = Could not read the products: { $reason }.
commands-products-store-failed = ⚠️ <b>{ $store }</b> did not answer: { $reason }.
# plain: the reason when the failure is not the store's answer
commands-products-failed-unasked = the store could not be asked

## /status (HTML)
commands-status-running = <b>🟢 Sync is running</b>
commands-status-stopped = <b>⏸ Sync is stopped</b>
commands-status-last-answer = Last answer from the store: { $ago }
commands-status-errors-in-a-row = Errors in a row: { $count }
commands-status-last-error = Last error: { $code } ({ $ago })
commands-status-no-error = Last error: none
commands-status-outbox = Actions waiting in the outbox: { $count }
commands-status-open-orders = Open orders watched: { $count }
commands-status-chats = Chats watched: { $active } active, { $quiet } quiet
commands-status-rate-limit = Store rate limit: { $remaining }{ $limit } left{ $reset }
commands-status-rate-limit-of = {" of "}{ $limit }
commands-status-rate-limit-reset = , resets { $at }
commands-status-rate-limit-unknown = Store rate limit: not reported
commands-status-requests = Requests sent to the store: { $count }
commands-ago = { $unit ->
    [never] never
    [s] { $n } s ago
    [min] { $n } min ago
   *[h] { $n } h ago
}

## /language (HTML unless marked plain)
commands-language-ask = 🌐 Pick the language of the bot's answers to you. Cards and alerts in the orders chat stay in the chat's language, set in the bot's settings.
# plain: the callback answer and the confirmation, in the newly chosen language
commands-language-chosen = The bot now answers you in English.
