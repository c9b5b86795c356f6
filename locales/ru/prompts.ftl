# prompts.ts
## HTML unless marked plain
prompts-cancel-question = { $amount ->
    [none] ❓ Отменить заказ { $orderId } и вернуть деньги покупателю?
   *[other] ❓ Отменить заказ { $orderId } и вернуть покупателю <b>{ $amount }</b>?
}
prompts-cancel-requested = ⏳ Отменяем заказ { $orderId } и возвращаем деньги…
prompts-cancel-done = ✖️ Заказ { $orderId } отменён, деньги возвращены покупателю.
prompts-cancel-dropped = Заказ { $orderId } не отменён.
prompts-cancel-expired = ⌛ Вопрос о заказе { $orderId } устарел, поэтому ничего не отменено. Нажмите «{ buttons-cancel }» на карточке ещё раз.
prompts-cancel-order-moved = ⚠️ Заказ { $orderId } сейчас { $now ->
        [none] неизвестен этому мосту
       *[other] { $now }
    } (когда вас спрашивали, он был { $was }), поэтому он не отменён. Если всё ещё хотите отменить, нажмите «{ buttons-cancel }» на карточке ещё раз.
prompts-deliver-ask =
    📦 Выдаём заказ { $orderId }.
    Ответьте на это сообщение данными для выдачи (код, ссылка, логин…) или нажмите «{ buttons-deliver-without-value }».
prompts-deliver-preview-without-value = Выдать заказ { $orderId } <b>без данных</b>?
prompts-deliver-preview =
    Выдать заказ { $orderId } с этими данными?
    <code>{ $value }</code>
prompts-deliver-requested = { $withValue ->
    [yes] ⏳ Выдаём заказ { $orderId }…
   *[no] ⏳ Выдаём заказ { $orderId } без данных…
}
prompts-deliver-done = 📦 Заказ { $orderId } выдан.
prompts-deliver-dropped = Заказ { $orderId } не выдан.
prompts-deliver-expired = ⌛ Шаг выдачи заказа { $orderId } истёк: ничего не выдано. Нажмите «{ buttons-deliver }» на карточке ещё раз.
prompts-deliver-moved-on = Заказ { $orderId } уже { $status ->
        [awaiting_confirmation] выдан
        [completed] завершён
        [cancelled] отменён
       *[other] не в работе
    }, поэтому этот запрос выдачи закрыт: через него ничего не выдано.
# plain
prompts-deliver-reply-expired = Запрос данных для выдачи устарел, поэтому ваш ответ не стал данными и не ушёл покупателю. Нажмите «{ buttons-deliver }» на карточке заказа ещё раз.
# plain
prompts-deliver-reply-moved-on = Этот заказ уже не в работе (его выдали или отменили), поэтому ваш ответ не стал данными для выдачи и не ушёл покупателю.
# plain
prompts-deliver-reply-others = Этот шаг выдачи принадлежит другому администратору, поэтому ваш ответ не отправлен покупателю. Чтобы выдать самому, нажмите «{ buttons-deliver }» на карточке заказа.
# plain
prompts-deliver-reply-waiting = Не отправлено покупателю: этот шаг выдачи ждёт «{ buttons-confirm }» или «{ buttons-back }». Чтобы изменить данные, нажмите «{ buttons-back }», затем снова «{ buttons-deliver }».
# plain
prompts-deliver-value-empty = Пусто. Ответьте данными для выдачи или нажмите кнопку.
# plain
prompts-deliver-value-too-long = Длина данных — { $length ->
        [one] { $length } символ
        [few] { $length } символа
       *[many] { $length } символов
    }; принимается не больше { $limit }. Пришлите покороче.
prompts-reply-ask = ✍️ Ответьте на это сообщение текстом для покупателя заказа { $orderId }.
# plain: shown in the input field while /reply waits for the text
prompts-reply-placeholder = Текст для покупателя
# plain
prompts-reply-refused-empty = Не отправлено: сообщение пустое.
# plain
prompts-reply-refused-too-long = Не отправлено: длина сообщения — { $length ->
        [one] { $length } символ
        [few] { $length } символа
       *[many] { $length } символов
    }, а магазин принимает не больше { $limit }. Разделите его и отправьте снова.
# plain
prompts-reply-refused-not-text = Не отправлено: покупателю можно отправить только текст.
# plain
prompts-reply-not-linked = Это сообщение не связано с заказом. Ответьте на карточку заказа или на сообщение покупателя.
