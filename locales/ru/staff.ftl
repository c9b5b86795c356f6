# staff.ts
## Roles and the audit trail (HTML unless marked plain)
# plain, button answers (at most 200 characters)
staff-cancel-refused = Отменить заказ с возвратом денег может только администратор. Попросите администратора.
staff-refused = Это может сделать только администратор. Сотрудникам доступно: брать, выдавать, отвечать, а также /orders, /order и /stats.
# /start's line for a staff member
staff-start-user-staff = ✓ Вы (пользователь <code>{ $userId }</code>) сотрудник: можете брать, выдавать заказы и отвечать; отменяет администратор.
# plain: the bot as the one who acted, and why ($source: stock, autocancel, bridge, …)
staff-actor-bot = бот ({ $source ->
        [stock] запас
        [autocancel] автоотмена
        [bridge] мост
       *[other] { $source }
    })
# plain: an action by its name, in failed card lines and in the history; English shows the name as recorded
staff-action = { $action ->
        [take] взятие
        [deliver] выдача
        [cancel] отмена
        [message] сообщение
        [replace] замена единицы
       *[other] { $action }
    }
## a card's audit lines ($time: HH:MM in the bot's zone)
staff-audit-line = { $action ->
        [take] взят
        [deliver] выдан
        [cancel] отменён
        [message] отвечено
        [replace] единица заменена
       *[other] { $action }
    } · { $who } · { $time }
staff-audit-line-failed = { staff-action } · { $who } · ошибка ({ $code }) · { $time }
## /order <id>: the history ($time: day and time in the bot's zone)
staff-history-title = 🕓 <b>История заказа</b> { $orderId }
staff-history-status = { $time } · { $first ->
        [yes] сначала
       *[no] теперь
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
staff-history-more = …и ещё { $more ->
        [one] { $more } более ранняя запись (не показана)
        [few] { $more } более ранние записи (не показаны)
       *[many] { $more } более ранних записей (не показаны)
    }
