/**
 * The in-process control of the sandbox (the contract's `SandboxControl`). The HTTP control surface
 * (control-routes.ts) is a thin face over this same object.
 */
import type { Product } from '../seller-api/schemas.ts';
import type { SandboxControl } from './contract.ts';
import { SandboxError } from './errors.ts';
import type { Faults } from './faults.ts';
import { contractMessage, contractOrder } from './records.ts';
import type { StatsRecorder } from './stats.ts';
import type { StoreModel } from './store.ts';

export interface ControlDeps {
  store: StoreModel;
  faults: Faults;
  stats: StatsRecorder;
}

export function createControl({ store, faults, stats }: ControlDeps): SandboxControl {
  return {
    createStore: (options) => store.createStore(options),
    products: (storeId) =>
      store.automatedProducts(storeId).map(({ automationEnabled: _internal, ...product }): Product => structuredClone(product)),
    catalog: (storeId) => store.catalog(storeId).map((product) => structuredClone(product)),
    createOrder: (input) => contractOrder(store.createOrder(input)),
    setOrderStatus: (orderId, status) => contractOrder(store.setStatus(orderId, status)),
    confirmReceipt: (orderId) => contractOrder(store.transition(store.orderRecord(orderId), 'confirm')),
    postBuyerMessage(orderId, text, options = {}) {
      if (typeof text !== 'string' || text === '') throw new SandboxError('VALIDATION_ERROR', 'text must be a non-empty string');
      const role = options.senderRole ?? 'buyer';
      if (typeof role !== 'string' || role === '') throw new SandboxError('VALIDATION_ERROR', 'senderRole must be a non-empty string');
      // No length cap for buyers: long texts are how the bot's splitting gets exercised.
      return contractMessage(store.addMessage(orderId, role, text, options.createdAt));
    },
    order(orderId) {
      const order = store.findOrder(orderId);
      return order && contractOrder(order);
    },
    messages: (orderId) => store.messagesOf(orderId).map(contractMessage),
    revokeKey: (apiKey) => store.revokeKey(apiKey),
    breakApi: (mode, untilMs) => faults.breakApi(mode, untilMs),
    heal: () => faults.heal(),
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
  };
}
