/** The sandbox store: an emulated Seller Automation API for tests, the benchmark and trial mode. */
export { startSandbox } from './server.ts';
export { gentleBuyers } from './presets.ts';
export type * from './contract.ts';
export { demoCatalog } from './demo-catalogs.ts';
