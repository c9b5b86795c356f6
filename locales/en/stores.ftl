# stores.ts
## Several stores in one bot: the line that names the store a message is about
stores-line = 🏪 <b>{ $store }</b>
