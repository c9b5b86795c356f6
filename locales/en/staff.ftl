# staff.ts
## Roles and the audit trail (HTML unless marked plain)
# plain, button answers (at most 200 characters)
staff-cancel-refused = Only an admin can cancel and refund an order. Ask an admin.
staff-refused = Only an admin can do this. Staff may take, deliver, reply and use /orders, /order and /stats.
# /start's line for a staff member
staff-start-user-staff = ✓ You (user <code>{ $userId }</code>) are staff: you may take, deliver and reply; an admin cancels.
# plain: the bot as the one who acted, and why ($source: stock, autocancel, bridge, autoreply, away, template, …;
# $template: the template it sent after a space, or empty)
staff-actor-bot = { $source ->
        [stock] bot (stock)
        [autocancel] bot (auto-cancel)
        [bridge] bot
        [autoreply] bot (autoreply{ $template })
        [away] bot (away)
        [template] bot (template{ $template })
       *[other] bot ({ $source }{ $template })
    }
# plain: an action by its name, in failed card lines and in the history; English shows the name as recorded
staff-action = { $action }
## a card's audit lines ($time: HH:MM in the bot's zone)
staff-audit-line = { $action ->
        [take] taken
        [deliver] delivered
        [cancel] cancelled
        [message] answered
        [replace] item replaced
       *[other] { $action }
    } by { $who } · { $time }
staff-audit-line-failed = { staff-action } by { $who } failed ({ $code }) · { $time }
## /order <id>: the history ($time: day and time in the bot's zone)
staff-history-title = 🕓 <b>History of order</b> { $orderId }
staff-history-status = { $time } · { $first ->
        [yes] seen as
       *[no] became
    } { $status }
staff-history-action = { $time } · { staff-action } by { $who }: { $result }
# plain: an action's result
staff-history-result = { $result ->
        [ok] done
        [pending] in progress
        [refused] refused (admins only)
       *[failed] failed ({ $code })
    }
staff-history-messages = 💬 { $messages ->
        [one] { $messages } chat message
       *[other] { $messages } chat messages
    }
staff-history-empty = Nothing recorded yet.
staff-history-more = …and { $more ->
        [one] { $more } older entry
       *[other] { $more } older entries
    } not shown
