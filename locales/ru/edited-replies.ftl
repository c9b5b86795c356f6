# edited-replies.ts
## HTML unless marked plain
# plain
edited-replies-edit-offer-button = Отправить исправленный текст
edited-replies-edit-offer = ✏️ Правки до покупателя не доходят: у него ваше сообщение в том виде, в каком вы его отправили. Отправить исправленный текст покупателю заказа { $orderId } новым сообщением?
# plain; the reason (why the edit cannot be sent either) follows after a space
edited-replies-edit-not-forwarded = ✏️ Правки до покупателя не доходят: у него ваше сообщение в том виде, в каком вы его отправили.
edited-replies-edit-sending = ✉️ Исправленный текст уходит покупателю заказа { $orderId } новым сообщением.
# plain, callback answers
edited-replies-edit-sending-answer = Отправляем исправленный текст…
edited-replies-edit-already-sent = Уже отправлено.
edited-replies-edit-offer-expired = Предложение устарело. Ответьте на карточку заказа ещё раз с нужным текстом.
