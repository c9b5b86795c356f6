# actions.ts
## HTML
actions-name = { $kind ->
    [take] взятие в работу
    [deliver] выдача
    [cancel] отмена с возвратом денег
   *[message] сообщение
}
actions-failure-reason = { $code ->
    [ORDER_INVALID_STATUS] { $kind ->
        [take] его уже взяли в работу или отменили
        [deliver] он уже не в работе (выдан или отменён)
        [cancel] его уже нельзя отменить (выдан, завершён или отменён)
       *[other] заказ уже в другом статусе
    }
    [ORDER_NOT_FOUND] магазин не нашёл этот заказ
    [VALIDATION_ERROR] { $kind ->
        [message] магазин не принял текст
       *[other] магазин отклонил запрос
    }
    [API_KEY_INVALID] магазин не принимает API-ключ (создайте новый ключ в настройках магазина)
    [RATE_LIMIT] магазин временно ограничил число запросов
    [TRANSPORT] магазин не отвечает
   *[other] магазин вернул неизвестную ошибку
}
actions-queued-reason = { $code ->
    [RATE_LIMIT] в очереди: магазин временно ограничил число запросов; повторим позже
    [API_KEY_INVALID] в очереди: магазин не принимает API-ключ; повторим, когда ключ заменят
   *[other] в очереди: магазин не отвечает; повторим позже
}
actions-action-failed = ⚠️ Заказ { $orderId }: не удалось { $kind ->
        [take] взять в работу
        [deliver] выдать
        [cancel] отменить
       *[message] отправить сообщение
    }: { actions-failure-reason }.
actions-action-queued = ⏳ Заказ { $orderId }: { actions-name } — { actions-queued-reason }.
actions-reply-sent = ✓ Отправлено покупателю заказа { $orderId }.
actions-reply-failed = ⚠️ Не отправлено покупателю заказа { $orderId }: { actions-failure-reason }.
actions-reply-queued = ⏳ Сообщение покупателю заказа { $orderId } — { actions-queued-reason }.
