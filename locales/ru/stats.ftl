# stats.ts
## /stats and the daily summary (HTML unless marked plain); days and times come in formatted in the bot's zone
# plain: durations; `none` when there was nothing to measure
stats-duration-none = —
stats-duration-seconds = { $seconds } с
stats-duration-minutes = { $minutes } мин
stats-duration-hours = { $hours } ч { $minutes } мин
stats-duration-days = { $days } дн. { $hours } ч
stats-block =
    { $title }
    Новых оплаченных заказов: { $newOrders }
    Взято в работу: { $taken }
    Выдано: { $delivered } (вручную { $deliveredByHand }, автоматически { $deliveredByBot })
    Отменено: { $cancelled }
    Выручка: { $revenue }
    Медиана от оплаты до взятия в работу: { $medianTake }
    Медиана от сообщения покупателя до первого ответа: { $medianAnswer }
stats-today = <b>📊 Сегодня ({ $day })</b>
stats-week = <b>📈 Последние 7 дней ({ $from } – { $to })</b>
stats-footer = Данные на { $day } { $time } (часовой пояс { $timeZone }). «Выдано» и «Выручка» считаются по заказам, выданным за период.
stats-daily-summary-title = <b>🗓 Итоги дня за { $day }</b>
# plain
stats-unavailable = Статистика при этих настройках недоступна.
