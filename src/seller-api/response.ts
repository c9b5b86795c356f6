/**
 * Turning one HTTP answer into a verdict: the data, or an error and whether waiting could change it.
 * The envelope's `success` and `error.code` decide (docs/api-assumptions.md: success HTTP codes, HTTP status of
 * ORDER_NOT_FOUND etc.);
 * the HTTP status only speaks for 401, 429, and for 5xx answers whose body says nothing we know.
 */
import type { z } from 'zod';
import { SPEC_ERROR_CODES, type SellerApiErrorCode, type SpecErrorCode } from './errors.ts';
import { EnvelopeSchema } from './schemas.ts';
import { statusImpliedCode } from './spec-gaps.ts';

/** An error not yet thrown: attempts are only known when the client gives up. */
export interface PendingError {
  code: SellerApiErrorCode;
  detail: string;
  status?: number;
  apiCode?: string;
  mayHaveReachedServer: boolean;
  cause?: unknown;
}

export type Verdict<T> =
  | { kind: 'ok'; data: T }
  /** The store refused to process the request for now (429): safe to retry for every method. */
  | { kind: 'rate-limited'; error: PendingError }
  /** A failure that may pass (5xx, garbled body, network): retry where the method allows. */
  | { kind: 'transient'; error: PendingError }
  /** A definitive answer (a spec code, an unknown 4xx code): retrying changes nothing. */
  | { kind: 'final'; error: PendingError };

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/** Why a body was not the API's data, for the log (zod issues carry paths and expectations, never values). */
export interface GarbledReport {
  reason: string;
  issues?: z.core.$ZodIssue[];
}

export function judgeAnswer<T>(answer: Answer, dataSchema: z.ZodType<T>, onGarbled: (report: GarbledReport) => void): Verdict<T> {
  const { status } = answer;
  const envelope = EnvelopeSchema.safeParse(parseJson(answer.body));

  if (!envelope.success) {
    const implied = statusImpliedCode(status);
    if (implied !== undefined) return verdictForCode(implied, status, `HTTP ${status} without the API's envelope`);
    const what = describeBody(answer);
    onGarbled({ reason: what, issues: envelope.error.issues });
    return transient({ code: 'TRANSPORT', status, detail: `HTTP ${status} with ${what}`, mayHaveReachedServer: true });
  }

  if (envelope.data.success) {
    const data = dataSchema.safeParse(envelope.data.data);
    if (data.success) return { kind: 'ok', data: data.data };
    onGarbled({ reason: 'a success envelope whose data does not match the spec', issues: data.error.issues });
    return transient({
      code: 'TRANSPORT',
      status,
      detail: `HTTP ${status} with a success envelope whose data does not match the spec`,
      mayHaveReachedServer: true,
    });
  }

  return verdictForCode(envelope.data.error.code, status, `HTTP ${status}`);
}

function verdictForCode(apiCode: string, status: number, context: string): Verdict<never> {
  if (apiCode === 'RATE_LIMIT' || status === 429) {
    // Whatever the body says, a 429 was not processed (spec part 8, docs/api-assumptions.md).
    return {
      kind: 'rate-limited',
      error: { code: 'RATE_LIMIT', status, detail: `rate limit exceeded (${context})`, mayHaveReachedServer: true },
    };
  }
  if (isSpecCode(apiCode)) {
    return {
      kind: 'final',
      error: { code: apiCode, status, detail: `the store answered ${apiCode} (${context})`, mayHaveReachedServer: true },
    };
  }
  const error: PendingError = {
    code: 'API_ERROR',
    apiCode,
    status,
    detail: `the store answered an unknown error code ${JSON.stringify(apiCode.slice(0, 80))} (${context})`,
    mayHaveReachedServer: true,
  };
  // An unknown code with a 5xx is the server's trouble, not a verdict on our request.
  return status >= 500 ? transient(error) : { kind: 'final', error };
}

const transient = (error: PendingError): Verdict<never> => ({ kind: 'transient', error });

const isSpecCode = (code: string): code is SpecErrorCode => (SPEC_ERROR_CODES as readonly string[]).includes(code);

function parseJson(body: string): unknown {
  if (body.trim() === '') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function describeBody(answer: Answer): string {
  if (answer.body.trim() === '') return 'an empty body';
  const type = answer.contentType?.split(';')[0]?.trim() || 'no content type';
  if (parseJson(answer.body) === undefined) return `a body that is not JSON (${type})`;
  return `a JSON body that is not the API's envelope (${type})`;
}
