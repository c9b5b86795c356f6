/** Buyer rates for a person watching (trial mode, `npm run sandbox`): activity within a minute, never a flood. */
import type { BuyerSimulation } from './contract.ts';

export const GENTLE_RATES = { ordersPerMinute: 1, messagesPerMinute: 2, confirmationsPerMinute: 0.5 } as const;

export const gentleBuyers = (seed: number): BuyerSimulation => ({ seed, ...GENTLE_RATES });
