/**
 * A `SellerApi` whose every request first waits for the request budget, in one lane. Handing it to the paging
 * helpers paces each page, not just the first.
 */
import type { SellerApi } from '../seller-api/api.ts';
import type { Lane, RequestBudget } from './request-budget.ts';

export function pacedApi(api: SellerApi, budget: RequestBudget, lane: Lane, waitSignal: AbortSignal): SellerApi {
  const turn = () => budget.acquire(lane, { signal: waitSignal });
  return {
    listProducts: async (options) => {
      await turn();
      return api.listProducts(options);
    },
    listOrders: async (query) => {
      await turn();
      return api.listOrders(query);
    },
    getOrder: async (id, options) => {
      await turn();
      return api.getOrder(id, options);
    },
    takeOrder: async (id, options) => {
      await turn();
      return api.takeOrder(id, options);
    },
    deliverOrder: async (id, value, options) => {
      await turn();
      return api.deliverOrder(id, value, options);
    },
    cancelOrder: async (id, options) => {
      await turn();
      return api.cancelOrder(id, options);
    },
    listMessages: async (id, query) => {
      await turn();
      return api.listMessages(id, query);
    },
    postMessage: async (id, text, options) => {
      await turn();
      return api.postMessage(id, text, options);
    },
    rateLimit: () => api.rateLimit(),
    requestCount: () => api.requestCount(),
  };
}
