# actions.ts
## HTML
actions-name = { $kind ->
    [take] взятие
    [deliver] выдача
    [cancel] отмена
   *[message] сообщение
}
actions-failure-reason = { $code ->
    [ORDER_INVALID_STATUS] { $kind ->
        [take] его уже взяли или отменили
        [deliver] он больше не в работе (уже выдан или отменён)
        [cancel] его больше нельзя отменить (уже выдан, завершён или отменён)
       *[other] заказ больше этого не принимает
    }
    [ORDER_NOT_FOUND] заказ не найден в магазине
    [VALIDATION_ERROR] { $kind ->
        [message] магазин не принял текст
       *[other] магазин не принял запрос
    }
    [API_KEY_INVALID] магазин не принял API-ключ (создайте новый ключ в настройках магазина)
    [RATE_LIMIT] исчерпан лимит запросов к магазину
    [TRANSPORT] магазин не отвечает
   *[other] магазин ответил ошибкой, которую этот мост не знает
}
actions-queued-reason = { $code ->
    [RATE_LIMIT] в очереди: исчерпан лимит запросов к магазину; попробуем ещё раз
    [API_KEY_INVALID] в очереди: магазин не принял API-ключ; попробуем ещё раз, когда будет задан рабочий ключ
   *[other] в очереди: магазин не отвечает; попробуем ещё раз
}
actions-action-failed = ⚠️ Заказ { $orderId }: не удалось { $kind ->
        [take] взять
        [deliver] выдать
        [cancel] отменить
       *[message] отправить сообщение
    }: { actions-failure-reason }.
actions-action-queued = ⏳ Заказ { $orderId }: { actions-name } — { actions-queued-reason }.
actions-reply-sent = ✓ Отправлено покупателю заказа { $orderId }.
actions-reply-failed = ⚠️ Не отправлено покупателю заказа { $orderId }: { actions-failure-reason }.
actions-reply-queued = ⏳ Сообщение покупателю заказа { $orderId } { actions-queued-reason }.
