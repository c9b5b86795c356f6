export { ConfigError, formatConfigError, isConfigError } from './config-error.ts';
export { environmentWithDotEnv, readDotEnv } from './dotenv.ts';
export { configSecrets, loadBackupConfig, loadConfig, loadDatabasePath, TRIAL_DATABASE_PATH, type Config } from './load-config.ts';
export { CONFIG_VARIABLES } from './variables.ts';
