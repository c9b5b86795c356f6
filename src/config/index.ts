export { ConfigError, formatConfigError, isConfigError } from './config-error.ts';
export { environmentWithDotEnv, readDotEnv } from './dotenv.ts';
export {
  configSecrets,
  loadBackupConfig,
  loadConfig,
  loadDatabasePath,
  loadExportConfig,
  loadStoreNames,
  TRIAL_DATABASE_PATH,
  type Config,
  type SellerConfig,
} from './load-config.ts';
export { CONFIG_VARIABLES } from './variables.ts';
