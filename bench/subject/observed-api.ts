/**
 * The real client, seen through a one-way mirror: every chat read is reported (when it was sent, which message
 * ids came back) and the call is otherwise untouched. The benchmark needs this to tell a message the subject
 * never asked for (late) from one it was handed and dropped (lost), and to see how reads are shared.
 */
import type { SellerApi } from '../../src/seller-api/api.ts';
import type { ChatRead } from '../protocol.ts';

export function observedApi(api: SellerApi, onRead: (read: ChatRead) => void): SellerApi {
  return {
    listProducts: (options) => api.listProducts(options),
    listOrders: (query) => api.listOrders(query),
    getOrder: (id, options) => api.getOrder(id, options),
    takeOrder: (id, options) => api.takeOrder(id, options),
    deliverOrder: (id, value, options) => api.deliverOrder(id, value, options),
    cancelOrder: (id, options) => api.cancelOrder(id, options),
    async listMessages(id, query) {
      const at = Date.now();
      const page = await api.listMessages(id, query);
      onRead({ orderId: id, at, ids: page.messages.map((message) => message.id) });
      return page;
    },
    postMessage: (id, text, options) => api.postMessage(id, text, options),
    rateLimit: () => api.rateLimit(),
    requestCount: () => api.requestCount(),
  };
}
