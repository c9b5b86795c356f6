export { backupDatabase, BackupError, defaultBackupPath, type BackupErrorCode, type BackupOptions, type BackupResult } from './backup.ts';
export {
  HEALTH_PATH,
  startHealthServer,
  type HealthCheck,
  type HealthReport,
  type HealthServer,
  type HealthServerOptions,
} from './health-server.ts';
export { syncHealth, type SyncHealthRule } from './sync-health.ts';
