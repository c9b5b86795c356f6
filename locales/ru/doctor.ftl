# ops/doctor.ts: `npm run doctor`, plain text for a terminal, one line per check. $reason is an error's own message
# (already without secrets); chat and product ids come in as written, never regrouped.
doctor-check = { $check ->
    [configuration] конфигурация
    [bot] бот Telegram
    [chat] чат Telegram
    [store] API магазина
    [rate] лимит запросов
   *[database] база данных
}
doctor-config-valid = в порядке ({ $mode ->
        [sandbox] пробный режим
       *[live] рабочий режим
    })
# $problem: the configuration's own words, naming the variable; $also: doctor-config-also, or nothing
doctor-config-error = Ошибка конфигурации: { $problem }{ $also }. См. .env.example.
doctor-config-also = {" "}(проверьте также: { $variables })
doctor-startup-failed = Запуск не удался: { $reason }
doctor-bot-ok = токен принят: @{ $username }
doctor-bot-failed = Telegram не принял токен (getMe): { $reason } (проверьте TELEGRAM_BOT_TOKEN)
doctor-chat-skipped = сначала должен заработать токен бота
doctor-chat-unset = TELEGRAM_CHAT_ID не задан: в пробном режиме бот привяжется к первому личному чату, который отправит /start
doctor-chat-may-not-write = бот не может писать в «{ $title }» (его статус: { $status }): добавьте его в группу и разрешите ему отправлять сообщения
doctor-chat-reachable = { $type ->
        [private] личный чат
        [group] группа «{ $title }»
        [supergroup] супергруппа «{ $title }»
       *[channel] канал «{ $title }»
    } { $chatId }: доступ есть, бот может писать
doctor-chat-forum = { doctor-chat-reachable }; это форум: у каждого заказа своя тема
doctor-chat-forum-no-rights = { doctor-chat-reachable }; это форум, но у бота нет права администратора «Управление темами»: заказы идут в общую тему General, пока вы его не дадите (или задайте TELEGRAM_TOPICS=off)
doctor-chat-unreachable = чат { $chatId } недоступен: { $reason } (для личного чата сначала отправьте боту /start; для группы добавьте в неё бота)
doctor-store-trial = в пробном режиме работает встроенный тестовый магазин
doctor-rate-trial = пробный режим
doctor-store-ok = ключ принят: { $products ->
        [one] { NUMBER($products, useGrouping: 0) } товар с автоматизацией
        [few] { NUMBER($products, useGrouping: 0) } товара с автоматизацией
       *[many] { NUMBER($products, useGrouping: 0) } товаров с автоматизацией
    }
doctor-store-no-products = ключ принят, но ни у одного товара не включена внешняя автоматизация: бот не увидит ни одного заказа
# $hint: which variable to look at
doctor-store-failed = { $reason } ({ $hint ->
        [key] SELLER_API_KEY отозван или неверен
       *[url] проверьте SELLER_API_URL
    })
doctor-rate-ok = заголовки получены: лимит { $limit }, осталось { $remaining }
doctor-rate-none = заголовков RateLimit-* нет: бот сбавит темп, только когда магазин ответит 429
doctor-rate-skipped = сначала должен ответить магазин
doctor-database-new = { $path } будет создан (в папку можно писать)
doctor-database-ahead = версия схемы { $version } новее этой сборки ({ $latest }): запустите более новую сборку или восстановите резервную копию
doctor-database-behind = запись возможна; схема { $version } будет обновлена до { $latest } при запуске
doctor-database-current = запись возможна; схема актуальна (версия { $version })
doctor-database-unusable = { $path } нельзя использовать: { $reason } (проверьте DATABASE_PATH и права на его папку)
doctor-all-passed = Все проверки пройдены: можно запускать npm start.
doctor-some-failed = Есть непройденные проверки: исправьте строки с ✗ и снова запустите npm run doctor.
