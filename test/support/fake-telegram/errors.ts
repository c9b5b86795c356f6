/** The Bot API's error answers: a handler throws one, the server replies `{ok: false, error_code, description}`. */

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (description: string) => new ApiError(400, `Bad Request: ${description}`);
