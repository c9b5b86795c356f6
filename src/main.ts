/**
 * Entry point of `npm start`: configuration, logger, the store (real or trial sandbox), the bridge,
 * and signals. Everything else is built in app/bridge.ts.
 */
import { pino } from 'pino';
import { startBridge, type RunningBridge } from './app/bridge.ts';
import { openStore } from './app/trial-store.ts';
import { configSecrets, environmentWithDotEnv, formatConfigError, loadConfig, type Config } from './config/index.ts';
import { createLogger } from './log/index.ts';
import { redactSecrets } from './shared/redact.ts';
import { BRIDGE_SHUTDOWN, createShutdownBudget } from './shared/shutdown-budget.ts';

function loadOrExit(): Config {
  try {
    return loadConfig(environmentWithDotEnv(process.env, '.env'), process.argv.slice(2));
  } catch (error) {
    console.error(formatConfigError(error));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = loadOrExit();
  const { stores, trial } = await openStore(config, { logger: pino({ level: 'silent' }) });

  // Secrets are fixed when the logger is made, so it comes after the trial store and its key.
  const logger = createLogger({ level: config.logLevel, secrets: [...configSecrets(config), ...(trial ? [trial.access.apiKey] : [])] });
  for (const warning of config.warnings) logger.warn(warning);

  if (trial) {
    logger.info({ store: trial.sandbox.baseUrl }, 'trial mode: a sandbox store with simulated buyers runs in this process');
    if (config.telegram.chatId === undefined) logger.info('trial mode: send /start to your bot in a private chat to receive orders');
  }

  const secrets = [...configSecrets(config), ...stores.map((store) => store.apiKey)];
  let bridge: RunningBridge | undefined;
  let exitCode = 0;
  let exiting = false;
  const shutdown = (reason: string) => {
    if (exiting) return;
    exiting = true;
    logger.info({ reason }, 'shutting down');
    const budget = createShutdownBudget(BRIDGE_SHUTDOWN);
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, budget.remaining()).unref();
    void (async () => {
      await bridge?.stop(budget);
      await trial?.sandbox.close();
      logger.flush();
      process.exit(exitCode);
    })();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  // A promise nobody awaited failed: one path of one event went wrong, and everything that counts is committed or
  // queued in SQLite, so the bridge keeps running rather than dropping every other order and message with it.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection: logged, the bridge keeps running');
  });
  // A throw nobody caught leaves the process in an unknown state: stop as cleanly as the deadline allows and exit 1,
  // so systemd or Docker restarts it. A second one while stopping ends the process at once.
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception: stopping, then exiting with status 1 for the supervisor to restart');
    exitCode = 1;
    if (exiting) {
      logger.flush();
      process.exit(1);
    }
    shutdown('uncaught exception');
  });

  bridge = await startBridge({
    config,
    stores,
    logger,
    // Deaf to Telegram (polling stopped by itself): exit non-zero so systemd or Docker restarts the bridge.
    onFatal: (reason) => {
      exitCode = 1;
      shutdown(reason);
    },
  }).catch((error: unknown) => {
    throw new Error(redactSecrets(error instanceof Error ? error.message : String(error), secrets));
  });
}

main().catch((error: unknown) => {
  // Start-up errors reach here redacted (see above); a person needs the sentence, not the stack.
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
