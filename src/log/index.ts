export { createLogger } from './create-logger.ts';
