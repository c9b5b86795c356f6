/**
 * A `SellerApi` whose every request first waits for the request budget, in one lane. Handing it to the paging
 * helpers paces each page, not just the first.
 */
import type { SellerApi } from '../../seller-api/api.ts';
import type { Lane, RequestBudget } from './request-budget.ts';

export function pacedApi(api: SellerApi, budget: RequestBudget, lane: Lane, waitSignal: AbortSignal): SellerApi {
  const paced =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      budget.send(lane, waitSignal, () => call(...args));
  return {
    listProducts: paced((options) => api.listProducts(options)),
    listOrders: paced((query) => api.listOrders(query)),
    getOrder: paced((id, options) => api.getOrder(id, options)),
    takeOrder: paced((id, options) => api.takeOrder(id, options)),
    deliverOrder: paced((id, value, options) => api.deliverOrder(id, value, options)),
    cancelOrder: paced((id, options) => api.cancelOrder(id, options)),
    listMessages: paced((id, query) => api.listMessages(id, query)),
    postMessage: paced((id, text, options) => api.postMessage(id, text, options)),
    rateLimit: () => api.rateLimit(),
    requestCount: () => api.requestCount(),
  };
}
