# ops/doctor.ts: `npm run doctor`, plain text for a terminal, one line per check. $reason is an error's own message
# (already without secrets); chat and product ids come in as written, never regrouped.
doctor-check = { $check ->
    [configuration] configuration
    [bot] telegram bot
    [chat] telegram chat
    [store] store API
    [rate] rate limit
   *[database] database
}
doctor-config-valid = valid ({ $mode ->
        [sandbox] trial mode
       *[live] live mode
    })
# $problem: the configuration's own words, naming the variable; $also: doctor-config-also, or nothing
doctor-config-error = Configuration error: { $problem }{ $also }. See .env.example.
doctor-config-also = {" "}(also check: { $variables })
doctor-startup-failed = Start-up failed: { $reason }
doctor-bot-ok = token accepted: @{ $username }
doctor-bot-failed = getMe failed: { $reason } (check TELEGRAM_BOT_TOKEN)
doctor-chat-skipped = the bot token must work first
doctor-chat-unset = TELEGRAM_CHAT_ID not set: trial mode binds the first private chat that sends /start
doctor-chat-may-not-write = the bot may not write in "{ $title }" (status { $status }): add it to the group and allow it to send messages
doctor-chat-reachable = { $type ->
        [private] private chat
        [group] group "{ $title }"
        [supergroup] supergroup "{ $title }"
       *[channel] channel "{ $title }"
    } { $chatId } reachable and writable
doctor-chat-forum = { doctor-chat-reachable }; a forum: each order gets its own topic
doctor-chat-forum-no-rights = { doctor-chat-reachable }; a forum, but the bot lacks the admin right "Manage topics": orders go to the General topic until you give it (or set TELEGRAM_TOPICS=off)
doctor-chat-unreachable = chat { $chatId } not reachable: { $reason } (for a private chat, send /start to the bot first; for a group, add the bot)
doctor-store-trial = trial mode uses the in-process sandbox store
doctor-rate-trial = trial mode
doctor-store-ok = key accepted: { $products ->
        [one] { NUMBER($products, useGrouping: 0) } automation-enabled product
       *[other] { NUMBER($products, useGrouping: 0) } automation-enabled products
    }
doctor-store-no-products = key accepted, but no product has external automation enabled: no order will be listed
# $hint: which variable to look at
doctor-store-failed = { $reason } ({ $hint ->
        [key] SELLER_API_KEY revoked or wrong
       *[url] check SELLER_API_URL
    })
doctor-rate-ok = headers seen: limit { $limit }, remaining { $remaining }
doctor-rate-none = no RateLimit-* headers seen: pacing relies on 429 answers alone
doctor-rate-skipped = the store must answer first
doctor-database-new = { $path } will be created (folder writable)
doctor-database-ahead = schema version { $version } is newer than this build ({ $latest }): run the newer build or restore a backup
doctor-database-behind = writable; schema { $version } will be migrated to { $latest } at start
doctor-database-current = writable; schema current (version { $version })
doctor-database-unusable = { $path } is not usable: { $reason } (check DATABASE_PATH and its folder's permissions)
doctor-all-passed = All checks passed: npm start is ready to run.
doctor-some-failed = Some checks failed: fix the lines marked ✗ and run npm run doctor again.
