# staff.ts
## Roles and the audit trail (HTML unless marked plain)
# plain, button answers (at most 200 characters)
staff-cancel-refused = Отменить заказ с возвратом денег может только администратор.
staff-refused = Это может сделать только администратор. Сотрудникам доступно: брать заказы в работу, выдавать, отвечать покупателям, а также /orders, /order и /stats.
# /start's line for a staff member
staff-start-user-staff = ✓ Вы (пользователь <code>{ $userId }</code>) — сотрудник: можете брать заказы в работу, выдавать и отвечать покупателям; отменяет заказы администратор.
# plain: the bot as the one who acted, and why ($source: stock, autocancel, bridge, autoreply, away, template, …;
# $template: the template it sent after a space, or empty)
staff-actor-bot = { $source ->
        [stock] бот (из запаса)
        [autocancel] бот (автоотмена)
        [bridge] бот
        [autoreply] бот (автоответ{ $template })
        [away] бот (вас не было на месте)
        [template] бот (шаблон{ $template })
       *[other] бот ({ $source }{ $template })
    }
# plain: an action by its name, in failed card lines and in the history; English shows the name as recorded
staff-action = { $action ->
        [take] взятие в работу
        [deliver] выдача
        [cancel] отмена
        [message] сообщение
        [replace] замена ключа
       *[other] { $action }
    }
## a card's audit lines ($time: HH:MM in the bot's zone)
staff-audit-line = { $action ->
        [take] взят в работу
        [deliver] выдан
        [cancel] отменён
        [message] ответ отправлен
        [replace] ключ заменён
       *[other] { $action }
    } · { $who } · { $time }
staff-audit-line-failed = { staff-action } · { $who } · ошибка ({ $code }) · { $time }
## /order <id>: the history ($time: day and time in the bot's zone)
staff-history-title = 🕓 <b>История заказа</b> { $orderId }
staff-history-status = { $time } · { $first ->
        [yes] появился:
       *[no] статус:
    } { $status }
staff-history-action = { $time } · { staff-action } · { $who }: { $result }
# plain: an action's result
staff-history-result = { $result ->
        [ok] выполнено
        [pending] выполняется
        [refused] отказано (только для администраторов)
       *[failed] ошибка ({ $code })
    }
staff-history-messages = 💬 { $messages ->
        [one] { $messages } сообщение
        [few] { $messages } сообщения
       *[many] { $messages } сообщений
    } в чате
staff-history-empty = Пока ничего не записано.
staff-history-more = …{ $more ->
        [one] не показана ещё { $more } более ранняя запись
        [few] не показаны ещё { $more } более ранние записи
       *[many] не показано ещё { $more } более ранних записей
    }
