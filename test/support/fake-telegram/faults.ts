/** Faults a test programs for the next calls of a method: an API error (a 429 with retry_after, a 500) or a cut connection. */
import type { Fault } from './types.ts';

export interface ApiFailure {
  ok: false;
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export function createFaults() {
  const queued = new Map<string, Fault[]>();
  const refusing = new Map<number, Fault>();
  return {
    /** Until cleared with undefined, every call that names this chat meets the fault (blocked, kicked, gone). */
    refuseChat(chatId: number, fault: Fault | undefined) {
      if (fault === undefined) refusing.delete(chatId);
      else refusing.set(chatId, fault);
    },
    /** What a call naming `chatId` meets while its chat refuses the bot. */
    ofChat: (chatId: unknown): Fault | undefined => refusing.get(Number(chatId)),
    failNext(method: string, fault: Fault, times = 1) {
      const list = queued.get(method) ?? [];
      for (let i = 0; i < times; i++) list.push(fault);
      queued.set(method, list);
    },
    /** The fault this call of the method meets, if one is queued (it is used up). */
    take: (method: string): Fault | undefined => queued.get(method)?.shift(),
  };
}

export type Faults = ReturnType<typeof createFaults>;

/** The body Telegram sends for an API error, with the description Telegram gives when the test set none. */
export function failureBody(fault: Exclude<Fault, { network: 'reset' }>): ApiFailure {
  return {
    ok: false,
    error_code: fault.error_code,
    description:
      fault.description ??
      (fault.error_code === 429 ? `Too Many Requests: retry after ${fault.retry_after ?? 1}` : 'Internal Server Error'),
    ...(fault.retry_after === undefined ? {} : { parameters: { retry_after: fault.retry_after } }),
  };
}
