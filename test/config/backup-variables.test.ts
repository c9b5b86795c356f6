/** BACKUP_EVERY_HOURS, BACKUP_KEEP, BACKUP_DIR, BACKUP_AGE_RECIPIENT: defaults, accepted values, one line naming the variable otherwise. */
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { refusalOf, trial } from '../support/config-refusal.ts';

describe('backup variables', () => {
  it('are off by default, keep 7 in backups/ beside the database, and encrypt to nothing', () => {
    expect(trial({}).backup).toEqual({ everyMs: undefined, keep: 7, dir: 'data/backups' });
    expect(trial({ DATABASE_PATH: '/var/lib/bridge/bridge.sqlite' }).backup.dir).toBe('/var/lib/bridge/backups');
  });

  it('read hours with decimals, a count, a folder and an age public key', async () => {
    const recipient = await identityToRecipient(await generateIdentity());
    const backup = trial({
      BACKUP_EVERY_HOURS: '0.5',
      BACKUP_KEEP: '30',
      BACKUP_DIR: '/srv/backups',
      BACKUP_AGE_RECIPIENT: recipient,
    }).backup;
    expect(backup).toEqual({ everyMs: 1_800_000, keep: 30, dir: '/srv/backups', ageRecipient: recipient });
    expect(trial({ BACKUP_EVERY_HOURS: '0' }).backup.everyMs).toBeUndefined();
  });

  it.each([
    ['BACKUP_EVERY_HOURS', '-1', 'must be a number of hours'],
    ['BACKUP_EVERY_HOURS', 'daily', 'must be a number of hours'],
    ['BACKUP_EVERY_HOURS', '9000', 'must be a number of hours'],
    ['BACKUP_KEEP', '0', 'must be a whole number of backups from 1'],
    ['BACKUP_KEEP', '2.5', 'must be a whole number of backups from 1'],
    ['BACKUP_AGE_RECIPIENT', 'age1notakey', 'must be an age public key'],
    ['BACKUP_AGE_RECIPIENT', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5', 'must be an age public key'],
  ])('refuses %s=%s with one line naming it', (variable, value, problem) => {
    const line = refusalOf({ [variable]: value });
    expect(line).toContain(`${variable}: ${problem}`);
    if (value.length > 3) expect(line).not.toContain(value); // the messages name numbers of their own
  });

  it('refuses a private key pasted as the recipient, without repeating it', async () => {
    const identity = await generateIdentity();
    const line = refusalOf({ BACKUP_AGE_RECIPIENT: identity });
    expect(line).toContain('BACKUP_AGE_RECIPIENT: is a private key');
    expect(line).not.toContain(identity);
  });

  it('refuses a recipient whose checksum does not match (a typo)', async () => {
    const recipient = await identityToRecipient(await generateIdentity());
    const typo = `${recipient.slice(0, 10)}${recipient[10] === 'q' ? 'p' : 'q'}${recipient.slice(11)}`;
    expect(refusalOf({ BACKUP_AGE_RECIPIENT: typo })).toContain('BACKUP_AGE_RECIPIENT: must be an age public key');
  });
});
