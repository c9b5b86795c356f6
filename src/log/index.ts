export { createLogger, type LoggerOptions } from './create-logger.ts';
export { redactSecrets, scrubDeep, SECRET_PLACEHOLDER, secretForms, secretScrubber } from './redact-secrets.ts';
