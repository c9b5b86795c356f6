import { expect } from 'vitest';
import { SellerApiError } from '../../../src/seller-api/errors.ts';

/** The SellerApiError a call rejects with (the test fails if it resolves or rejects with anything else). */
export async function failure(promise: Promise<unknown>): Promise<SellerApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SellerApiError);
  return error as SellerApiError;
}
