# stats.ts
## /stats and the daily summary (HTML unless marked plain); days and times come in formatted in the bot's zone
# plain: durations; `none` when there was nothing to measure
stats-duration-none = —
stats-duration-seconds = { $seconds } s
stats-duration-minutes = { $minutes } min
stats-duration-hours = { $hours } h { $minutes } min
stats-duration-days = { $days } d { $hours } h
stats-block =
    { $title }
    New paid orders: { $newOrders }
    Taken: { $taken }
    Delivered: { $delivered } (by hand { $deliveredByHand }, automatically { $deliveredByBot })
    Cancelled: { $cancelled }
    Revenue: { $revenue }
    Median time paid → taken: { $medianTake }
    Median time buyer message → first answer: { $medianAnswer }
stats-today = <b>📊 Today ({ $day })</b>
stats-week = <b>📈 Last 7 days ({ $from } – { $to })</b>
stats-footer = As of { $day } { $time }, { $timeZone } time. Delivered and revenue count orders delivered in the period.
stats-daily-summary-title = <b>🗓 Daily summary for { $day }</b>
# plain
stats-unavailable = Statistics are not available in this setup.
