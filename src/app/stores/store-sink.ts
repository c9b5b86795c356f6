/**
 * The sink one store's engine hands its events to: the bot's one sink, with the store's ids qualified and the store
 * named where a notice speaks of it (the offline summary). With one store (`main`) it passes everything unchanged.
 */
import type { SyncSink } from '../../sync/contract.ts';
import { upward } from './qualifier.ts';

export function storeSink(sink: SyncSink, store: string): SyncSink {
  const up = upward(store);
  const catchUp = sink.catchUp;
  const stockAlert = sink.stockAlert;
  return {
    orderAppeared: (order, stock) => sink.orderAppeared(up.order(order), stock),
    orderChanged: (order, previous) => sink.orderChanged(up.order(order), previous),
    messageArrived: (summary, message, timing) => sink.messageArrived({ ...summary, id: up.id(summary.id) }, message, timing),
    actionSettled: (outcome) => sink.actionSettled(up.outcome(outcome)),
    ...(catchUp === undefined ? {} : { catchUp: (summary) => catchUp({ ...summary, store }) }),
    ...(stockAlert === undefined ? {} : { stockAlert: (alert) => stockAlert({ ...alert, productId: up.id(alert.productId) }) }),
  };
}
