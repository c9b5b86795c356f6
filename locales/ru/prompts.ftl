# prompts.ts
## HTML unless marked plain
prompts-cancel-question = { $amount ->
    [none] ❓ Отменить заказ { $orderId } и вернуть деньги покупателю?
   *[other] ❓ Отменить заказ { $orderId } и вернуть покупателю <b>{ $amount }</b>?
}
prompts-cancel-requested = ⏳ Отменяем заказ { $orderId } и возвращаем деньги…
prompts-cancel-done = ✖️ Заказ { $orderId } отменён, деньги возвращены покупателю.
prompts-cancel-dropped = Заказ { $orderId } не отменён.
prompts-cancel-expired = ⌛ Вопрос об отмене заказа { $orderId } устарел, ничего не отменено. Нажмите «{ buttons-cancel }» на карточке ещё раз.
prompts-cancel-order-moved = ⚠️ Заказ { $orderId } не отменён: после вопроса его статус изменился (был: { $was }; сейчас: { $now ->
        [none] бот больше не знает этот заказ
       *[other] { $now }
    }). Если всё ещё хотите отменить, нажмите «{ buttons-cancel }» на карточке ещё раз.
prompts-deliver-ask =
    📦 Выдача заказа { $orderId }.
    Ответьте на это сообщение данными для выдачи (ключ, код, ссылка, логин…) или нажмите «{ buttons-deliver-without-value }».
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
prompts-deliver-expired = ⌛ Время на выдачу заказа { $orderId } вышло, ничего не выдано. Нажмите «{ buttons-deliver }» на карточке ещё раз.
prompts-deliver-moved-on = Заказ { $orderId } уже { $status ->
        [awaiting_confirmation] выдан
        [completed] завершён
        [cancelled] отменён
       *[other] не в работе
    }, поэтому этот запрос выдачи закрыт: через него ничего не выдано.
# plain
prompts-deliver-reply-expired = Этот запрос выдачи устарел: ваш ответ не использован как данные и не отправлен покупателю. Нажмите «{ buttons-deliver }» на карточке заказа ещё раз.
# plain
prompts-deliver-reply-moved-on = Этот заказ уже не в работе (его выдали или отменили), поэтому ваш ответ не использован как данные и не отправлен покупателю.
# plain
prompts-deliver-reply-others = Этот запрос выдачи открыл другой администратор, поэтому ваш ответ не отправлен покупателю. Чтобы выдать заказ самому, нажмите «{ buttons-deliver }» на карточке заказа.
# plain
prompts-deliver-reply-waiting = Не отправлено покупателю: выдача ждёт «{ buttons-confirm }» или «{ buttons-back }». Чтобы изменить данные, нажмите «{ buttons-back }», затем снова «{ buttons-deliver }».
# plain
prompts-deliver-value-empty = Пустой ответ. Ответьте данными для выдачи или нажмите кнопку.
# plain
prompts-deliver-value-too-long = Слишком длинно: { $length ->
        [one] { NUMBER($length, useGrouping: 0) } символ
        [few] { NUMBER($length, useGrouping: 0) } символа
       *[many] { NUMBER($length, useGrouping: 0) } символов
    }, а можно не больше { NUMBER($limit, useGrouping: 0) }. Пришлите покороче.
prompts-reply-ask = ✍️ Ответьте на это сообщение текстом для покупателя заказа { $orderId }.
# plain: shown in the input field while /reply waits for the text
prompts-reply-placeholder = Текст для покупателя
# plain
prompts-reply-refused-empty = Не отправлено: сообщение пустое.
# plain
prompts-reply-refused-too-long = Не отправлено: в сообщении { $length ->
        [one] { NUMBER($length, useGrouping: 0) } символ
        [few] { NUMBER($length, useGrouping: 0) } символа
       *[many] { NUMBER($length, useGrouping: 0) } символов
    }, а магазин принимает не больше { NUMBER($limit, useGrouping: 0) }. Разделите его и отправьте частями.
# plain
prompts-reply-refused-not-text = Не отправлено: покупателю можно отправить только текст.
# plain
prompts-reply-not-linked = Это сообщение не связано с заказом. Ответьте на карточку заказа или на сообщение покупателя.
