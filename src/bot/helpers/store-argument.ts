/**
 * A command's leading store name, with several stores (`/stats keys 30`, `/export keys`): a first word that is no
 * number names a store. With one store there is nothing to name, and the whole argument is the command's own.
 */
import type { StoreDirectory, StoreLabel } from '../../core/store-ref.ts';

export type StoreArgument = { store: StoreLabel | undefined; rest: string } | { unknown: string };

export function storeArgument(stores: StoreDirectory, argument: string): StoreArgument {
  const [first = '', ...rest] = argument.trim().split(/\s+/);
  // A number is the command's own; `keys/prod_1` is an id as the bot shows it, its store within.
  if (!stores.several || first === '' || /^[-+]?\d/.test(first) || first.includes('/')) return { store: undefined, rest: argument };
  const store = stores.byName(first);
  return store === undefined ? { unknown: first } : { store, rest: rest.join(' ') };
}
