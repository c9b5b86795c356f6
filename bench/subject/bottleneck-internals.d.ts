// Bottleneck's datastore is not part of its typed API; bottleneck-clock.ts reaches it to compress its timers.
declare module 'bottleneck/lib/LocalDatastore.js' {
  interface LocalDatastore {
    storeOptions: { reservoirRefreshInterval?: number | null; reservoirIncreaseInterval?: number | null };
    heartbeatInterval: number;
    _startHeartbeat(): unknown;
  }
  const LocalDatastore: { prototype: LocalDatastore };
  export default LocalDatastore;
}
