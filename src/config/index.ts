export { ConfigError, formatConfigError, isConfigError, type ConfigProblem } from './config-error.ts';
export { environmentWithDotEnv, readDotEnv } from './dotenv.ts';
export {
  configSecrets,
  loadBackupConfig,
  loadConfig,
  modeFromArgv,
  SANDBOX_FLAG,
  type Config,
  type Mode,
  type SellerConfig,
  type TelegramConfig,
} from './load-config.ts';
export {
  CONFIG_VARIABLES,
  DEFAULT_DATABASE_PATH,
  DEFAULT_DELIVER_FIELD,
  LOG_LEVELS,
  type ConfigVariable,
  type LogLevel,
} from './variables.ts';
