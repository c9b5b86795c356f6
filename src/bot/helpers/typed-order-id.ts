/**
 * An order id a person typed (`/order`, `/reply`): as shown on cards (`keys/ord_1`), or bare (`ord_1`). With several
 * stores a bare id that is not the `main` store's is looked for in every store: one match is that order; more than
 * one is for the person to choose, since ids may repeat across stores.
 */
import { MAIN_STORE, qualify, splitQualified, type StoreDirectory } from '../../core/store-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';

export function typedOrderIds(stores: StoreDirectory, typed: string, known: (id: OrderId) => boolean): OrderId[] {
  const id = typed as OrderId;
  if (known(id)) return [id];
  if (!stores.several || splitQualified(id).store !== MAIN_STORE) return [];
  return stores.stores.map((store) => qualify(store.name, id)).filter(known);
}
