/** The Seller API client's public face: what sync, main and the doctor import. */
export type { ActionOptions, CallOptions, ListMessagesQuery, ListOrdersQuery, RateLimitSnapshot, SellerApi } from './api.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.ts';
export {
  DEFAULT_TIMEOUTS,
  createSellerApiClient,
  type SellerApiClient,
  type SellerApiClientOptions,
  type SellerApiTimeouts,
} from './client.ts';
export { SellerApiError, hasCode, isSellerApiError, type SellerApiErrorCode } from './errors.ts';
export { listAllOrders, listMessagesAfter, type ListAllOrdersOptions, type ListMessagesAfterOptions } from './paging.ts';
export { DEFAULT_DELIVER_FIELD, byCreatedAtThenId, checkApiKeyFormat, normaliseBaseUrl } from './spec-gaps.ts';
