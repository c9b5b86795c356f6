/** What sync tells the sink about an order alongside a message: enough to label it without an API call. */
import type { Queries } from '../../db/queries.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { OrderSummary } from '../contract.ts';

export function orderSummary(queries: Pick<Queries, 'orders' | 'links'>, id: OrderId): OrderSummary | undefined {
  const stored = queries.orders.get(id);
  if (stored === undefined) return undefined;
  return {
    id: stored.id,
    status: stored.status,
    ...(stored.order.productTitle === undefined ? {} : { productTitle: stored.order.productTitle }),
    telegram: queries.links.forOrder(id),
  };
}
