/** Sync's public face: the engine and the contract the bot implements and calls. */
export { createSyncEngine, type BridgeSyncEngine, type OfflineSummary, type SyncEngineOptions } from './engine.ts';
export type { SyncEvent, SyncTestHooks } from './hand-off.ts';
export { defaultTuning, type SyncTuning } from './tuning.ts';
export { OPEN_STATUSES, isOpenStatus } from './order-status.ts';
export type * from './contract.ts';
