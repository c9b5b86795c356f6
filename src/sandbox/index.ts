/** The sandbox store: an emulated Seller Automation API for tests, the benchmark and trial mode. */
export { startSandbox } from './server.ts';
export { SandboxError, type SandboxErrorCode } from './errors.ts';
export type { FaultMode } from './faults.ts';
export { gentleBuyers } from './presets.ts';
export type * from './contract.ts';
