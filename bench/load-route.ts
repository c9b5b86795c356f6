/**
 * The buyers write to one ledger at a time: the run's, then the warm restart's. The load keeps running across the
 * restart (the store does not stop when the bridge does), so its listener is switched rather than restarted.
 */
import type { LoadListener } from './store-load.ts';

export interface LoadRoute extends LoadListener {
  target: LoadListener;
}

export function createLoadRoute(target: LoadListener): LoadRoute {
  const route: LoadRoute = {
    target,
    messageCreated: (message) => route.target.messageCreated(message),
    orderCreated: (order) => route.target.orderCreated(order),
    statusChanged: (change) => route.target.statusChanged(change),
  };
  return route;
}
