# stores.ts
## Several stores in one bot: the line that names the store a message is about
stores-line = 🏪 <b>{ $store }</b>
## after a relayed message's header or a reminder's line: which store it is of
stores-tag = {" "}· 🏪 { $store }
## /stats with several stores: one line per store for the period
stores-stats-line = 🏪 <b>{ $store }</b>: { $newOrders } new · { $delivered } delivered · revenue { $revenue }
# plain: a command named a store the bot does not serve
stores-unknown = No store is named "{ $name }". The stores: { $names }.
