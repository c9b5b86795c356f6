# stores.ts
## Several stores in one bot: the line that names the store a message is about
stores-line = 🏪 <b>{ $store }</b>
## after a relayed message's header or a reminder's line: which store it is of
stores-tag = {" "}· 🏪 { $store }
## /stats with several stores: one line per store for the period
stores-stats-line = 🏪 <b>{ $store }</b>: { $newOrders } new · { $delivered } delivered · revenue { $revenue }
# plain: a command named a store the bot does not serve
stores-unknown = No store is named "{ $name }". The stores: { $names }.
# a typed order id that several stores have: which one is meant
stores-which-order = Order { $orderId } is in several stores: { $choices }. Type it as shown there.
# plain: /autocancel about a product named no store, with several stores
stores-autocancel-name-first = With several stores, start with the store's name: /autocancel <store> <productId> <minutes>. The stores: { $names }.
