# stores.ts
## Several stores in one bot: the line that names the store a message is about
stores-line = 🏪 <b>{ $store }</b>
## after a relayed message's header or a reminder's line: which store it is of
stores-tag = {" "}· 🏪 { $store }
## /stats with several stores: one line per store for the period
stores-stats-line = 🏪 <b>{ $store }</b>: новых { $newOrders } · выдано { $delivered } · выручка { $revenue }
# plain: a command named a store the bot does not serve
stores-unknown = Магазина с именем «{ $name }» нет. Магазины: { $names }.
# a typed order id that several stores have: which one is meant
stores-which-order = Заказ { $orderId } есть в нескольких магазинах: { $choices }. Напишите номер так, как он указан там.
# plain: /autocancel about a product named no store, with several stores
stores-autocancel-name-first = Магазинов несколько: начните с имени магазина, /autocancel <магазин> <id товара> <минуты>. Магазины: { $names }.
