# backup.ts
## /backup (HTML)
backup-unavailable = 🔒 /backup отправляет только зашифрованную копию, а ключ для шифрования не задан: укажите свой открытый ключ age в <code>BACKUP_AGE_RECIPIENT</code> и перезапустите бота (docs/backup.md). Незашифрованная копия через Telegram не отправляется.
backup-caption = 💾 Резервная копия от { $at }, зашифрована для <code>BACKUP_AGE_RECIPIENT</code>. Откройте её своим закрытым ключом: <code>npm run restore -- { $filename } --identity key.txt</code> или <code>age -d -i key.txt</code>.
backup-sent-privately = 💾 Зашифрованная копия — в вашем личном чате со мной.
backup-no-private-chat = 💾 Telegram не разрешает мне написать вам первым. Откройте личный чат с @{ $bot }, нажмите «Запустить» и снова отправьте /backup.
backup-failed = ⚠️ Резервную копию создать не удалось: { $reason }
backup-not-sent = ⚠️ Telegram не принял резервную копию: { $reason }
backup-too-big = ⚠️ Зашифрованная копия занимает { $megabytes } МБ — больше { $limit } МБ, которые Telegram принимает от бота. Создайте её на сервере командой <code>npm run backup</code>.
