# alerts.ts
## HTML
alerts-api-key-refused = 🔑 <b>Магазин не принял API-ключ.</b> Создайте новый ключ в настройках магазина и перезапустите мост. Действия остаются в очереди.
alerts-store-down = 📡 <b>Магазин не отвечает уже { $minutes ->
        [one] { $minutes } минуту
        [few] { $minutes } минуты
        [many] { $minutes } минут
       *[other] { $minutes } минуты
    }.</b> Заказы и сообщения придут, когда он снова заработает.
alerts-store-back = ✅ <b>Магазин снова на связи.</b> Синхронизация возобновлена.
alerts-while-away = 👋 <b>Пока вас не было (с { $since }): </b>{ $orders ->
        [one] { $orders } новый заказ
        [few] { $orders } новых заказа
        [many] { $orders } новых заказов
       *[other] { $orders } новых заказа
    }, { $messages ->
        [one] { $messages } сообщение покупателя
        [few] { $messages } сообщения покупателей
        [many] { $messages } сообщений покупателей
       *[other] { $messages } сообщения покупателей
    }. Они идут ниже.
alerts-held-since = <i>⏳ Ждало с { $since }: тогда Telegram его не принял.</i>
