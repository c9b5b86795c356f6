# alerts.ts
## (HTML)
alerts-api-key-refused = 🔑 <b>The store refused the API key.</b> Create a new key in the store settings and restart the bot. Actions stay queued.
alerts-store-down = 📡 <b>The store has not answered for { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.</b> Orders and messages will arrive once it is back.
alerts-store-back = ✅ <b>The store is back.</b> Sync has resumed.
alerts-while-away = 👋 <b>While you were away (since { $since }): </b>{ $orders ->
        [one] { $orders } new order
       *[other] { $orders } new orders
    }, { $messages ->
        [one] { $messages } buyer message
       *[other] { $messages } buyer messages
    }. { $where ->
        [topics] Their cards and messages follow in the orders' topics.
       *[below] Their cards and messages follow below.
    }
alerts-backup-failed = 💾 <b>The scheduled backup failed</b> ({ $code }): { $reason }. The bot keeps running; the next backup is tried at the next interval. You will hear when backups work again.
alerts-backup-back = 💾 <b>Scheduled backups work again.</b>
alerts-held-since = <i>⏳ Held since { $since }: Telegram did not take it then.</i>
