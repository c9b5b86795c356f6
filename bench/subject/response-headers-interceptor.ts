/**
 * An undici interceptor that shows each response's status and headers to `onHeaders` before the client sees them
 * (which may change them in place); everything else passes through untouched.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { DecoratorHandler, type Dispatcher } from 'undici';

export function responseHeadersInterceptor(
  onHeaders: (statusCode: number, headers: IncomingHttpHeaders) => void,
): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) => {
    const inner: Dispatcher.DispatchHandler = new DecoratorHandler(handler);
    return dispatch(options, {
      onRequestStart: (controller, context) => inner.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => inner.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart(controller, statusCode, headers, statusMessage) {
        onHeaders(statusCode, headers);
        inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => inner.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => inner.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => inner.onResponseError?.(controller, error),
    });
  };
}
