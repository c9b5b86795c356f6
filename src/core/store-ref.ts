/**
 * Several stores in one bot. Order ids repeat across stores, so the bot knows an order of a store other than `main`
 * by the store's name and the store's own id, `<name>/<id>` (a name is `[a-z0-9-]{1,16}`: the first `/` ends it);
 * product ids likewise. The store named `main` (the one store of a setup without STORES_FILE) keeps its ids as they
 * are, so a database that grew with one store keeps every card, button and queued item when more are added, and a
 * single store shows nothing new. Sync never sees a qualified id: each store's engine works with its own.
 */

/** Lower-case letters, digits and `-`, 1–16 characters: typed in commands (`/stats keys`) and the CLI. */
export const STORE_NAME = /^[a-z0-9-]{1,16}$/;
/** The one store of a setup without STORES_FILE; its database is DATABASE_PATH itself and its ids are its own. */
export const MAIN_STORE = 'main';

const SEPARATOR = '/';

/** The id the bot uses for `id` of `store`: the store's own for `main`. */
export const qualify = <T extends string>(store: string, id: T): T => (store === MAIN_STORE ? id : (`${store}${SEPARATOR}${id}` as T));

/** A bot-side id's store (`main` when unqualified) and the store's own id. */
export function splitQualified<T extends string>(id: T): { store: string; raw: T } {
  const at = id.indexOf(SEPARATOR);
  const name = id.slice(0, Math.max(at, 0));
  if (at < 1 || !STORE_NAME.test(name)) return { store: MAIN_STORE, raw: id };
  return { store: name, raw: id.slice(at + 1) as T };
}

/** The store a bot-side id (an order's, a product's) belongs to. */
export const storeOfId = (id: string): string => splitQualified(id).store;

/** What the bot shows of a store: its name (typed in commands) and its title (read on cards). */
export interface StoreLabel {
  name: string;
  title: string;
}

/** The stores the bot serves, as the texts and features see them. */
export interface StoreDirectory {
  /** Every store, in the configuration's order. */
  readonly stores: readonly StoreLabel[];
  /** Two or more: cards, messages and notices name their store. */
  readonly several: boolean;
  /** The store a bot-side id belongs to, when there are several; undefined with one. */
  storeOf(id: string): StoreLabel | undefined;
  /** A store by the name a person typed. */
  byName(name: string): StoreLabel | undefined;
}

export function createStoreDirectory(stores: readonly StoreLabel[]): StoreDirectory {
  const several = stores.length > 1;
  const named = new Map(stores.map((store) => [store.name, store]));
  return {
    stores,
    several,
    storeOf: (id) => (several ? named.get(splitQualified(id).store) : undefined),
    byName: (name) => named.get(name.toLowerCase()),
  };
}
