export { startHealthServer, type HealthServer } from './health-server.ts';
export { syncHealth } from './sync-health.ts';
