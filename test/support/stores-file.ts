/**
 * A STORES_FILE for sandbox stores, as a seller writes one: no secret in the file, each store's address and key a
 * `${VAR}` read from the environment. Returns the file's path and the variables it names.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxHandle } from '../../src/sandbox/contract.ts';

/** One store as a test configures it: its STORES_FILE entry. */
export interface StoreSpec {
  name: string;
  title: string;
  /** Its own Telegram chat; absent: TELEGRAM_CHAT_ID, shared. */
  chatId?: number;
}

/** `STORE_<NAME>_KEY`: how the file names a store's variables. */
const variableOf = (name: string, what: 'KEY' | 'URL') => `STORE_${name.toUpperCase().replaceAll('-', '_')}_${what}`;

export function writeStoresFile(
  dir: string,
  stores: readonly { spec: StoreSpec; sandbox: SandboxHandle }[],
): { path: string; env: Record<string, string> } {
  const path = join(dir, 'stores.json');
  const entries = stores.map(({ spec }) => ({
    name: spec.name,
    title: spec.title,
    apiUrl: `\${${variableOf(spec.name, 'URL')}}`,
    apiKey: `\${${variableOf(spec.name, 'KEY')}}`,
    ...(spec.chatId === undefined ? {} : { chatId: spec.chatId }),
  }));
  writeFileSync(path, JSON.stringify({ stores: entries }, null, 2));
  const env = Object.fromEntries(
    stores.flatMap(({ spec, sandbox }) => [
      [variableOf(spec.name, 'URL'), sandbox.baseUrl],
      [variableOf(spec.name, 'KEY'), sandbox.store.apiKey],
    ]),
  );
  return { path, env };
}
