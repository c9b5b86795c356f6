# chat-migration.ts
## (HTML)
chat-migration-chat-moved =
    ⬆️ <b>This group became a supergroup</b>, and Telegram gave it a new id: <code>{ $to }</code>.
    Orders and buyer messages come here now. Please set <code>TELEGRAM_CHAT_ID={ $to }</code> in the configuration (it still says <code>{ $from }</code>). Until then the bot remembers the new id by itself.
