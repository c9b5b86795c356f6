/**
 * A checked configuration for a test rig, made the way the app makes one (loadConfig over an environment), so rigs
 * build the bridge from what a seller could write in .env. Unset values are left out; `sandbox`: trial mode.
 */
import { loadConfig, type Config } from '../../src/config/index.ts';

export function testConfig(variables: Record<string, string | number | undefined>, options: { sandbox?: boolean } = {}): Config {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(variables)) if (value !== undefined) env[name] = String(value);
  return loadConfig(env, options.sandbox ? ['--sandbox'] : []);
}
