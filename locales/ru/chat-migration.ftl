# chat-migration.ts
## HTML
chat-migration-chat-moved =
    ⬆️ <b>Эта группа стала супергруппой</b>, и Telegram выдал ей новый id: <code>{ $to }</code>.
    Заказы и сообщения покупателей теперь приходят сюда. Укажите в настройках <code>TELEGRAM_CHAT_ID={ $to }</code> (сейчас там <code>{ $from }</code>). До тех пор бот сам помнит новый id.
