import { Messages, type FieldErrors } from '@lead/contract';

/** An error answered with the envelope: `message`, `_messages` and, for validation, `errors`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** 422 naming every failing field; `message` is the first field message unless given. */
  static validation(errors: FieldErrors, message: string = Messages.invalidData): HttpError {
    return new HttpError(422, message, errors);
  }
}

export const badRequest = (message: string = Messages.malformed) => new HttpError(400, message);
export const unauthorized = (message: string = Messages.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = Messages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = Messages.notFound) => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new HttpError(409, message, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, Messages.tooManyAttempts(retryAfterSeconds), undefined, {
    'retry-after': String(retryAfterSeconds),
  });
