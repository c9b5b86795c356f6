# backup.ts
## /backup (HTML)
backup-unavailable = 🔒 /backup sends only an encrypted backup, and no key to encrypt it to is set: put your age public key in <code>BACKUP_AGE_RECIPIENT</code> and restart the bot (docs/backup.md). A plaintext copy never goes through Telegram.
backup-caption = 💾 Backup of { $at }, encrypted to <code>BACKUP_AGE_RECIPIENT</code>. Open it with your private key: <code>npm run restore -- { $filename } --identity key.txt</code>, or <code>age -d -i key.txt</code>.
backup-sent-privately = 💾 The encrypted backup is in your private chat with me.
backup-no-private-chat = 💾 Telegram does not let me write to you first. Open a private chat with @{ $bot }, press Start, then send /backup again.
backup-failed = ⚠️ The backup failed: { $reason }
backup-not-sent = ⚠️ Telegram did not take the backup: { $reason }
backup-too-big = ⚠️ The encrypted backup is { $megabytes } MB, more than the { $limit } MB Telegram takes from a bot. Make it on the server with <code>npm run backup</code>.
