/**
 * Domain errors. Services throw these; the error handler (plugins/errors.ts) turns each into its
 * status code and a `{ Message, requestId }` body. Their messages are written for the client.
 */
export class AppError extends Error {
  readonly statusCode: number

  constructor(statusCode: number, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
    this.statusCode = statusCode
  }
}

export type ModelState = Record<string, string[]>

/** 400 with per-field messages, for rules a schema cannot express (e.g. "email already used"). */
export class ValidationError extends AppError {
  readonly modelState: ModelState

  constructor(modelState: ModelState, message = 'The request is invalid.') {
    super(400, message)
    this.modelState = modelState
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'The request is invalid.', options?: ErrorOptions) {
    super(400, message, options)
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authorization has been denied for this request.', options?: ErrorOptions) {
    super(401, message, options)
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.', options?: ErrorOptions) {
    super(403, message, options)
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.', options?: ErrorOptions) {
    super(404, message, options)
  }
}

export class ConflictError extends AppError {
  constructor(message = 'The request conflicts with the current state.', options?: ErrorOptions) {
    super(409, message, options)
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request is too large.', options?: ErrorOptions) {
    super(413, message, options)
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'The media type is not supported.', options?: ErrorOptions) {
    super(415, message, options)
  }
}

export class TooManyRequestsError extends AppError {
  /** Seconds until a retry may succeed; sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined

  constructor(retryAfterSeconds?: number, message = 'Too many requests, please try again later.') {
    super(429, message)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'The service is temporarily unavailable, please try again later.',
    options?: ErrorOptions,
  ) {
    super(503, message, options)
  }
}
