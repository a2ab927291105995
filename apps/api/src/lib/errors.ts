/**
 * Domain errors. Services throw these; the error handler (plugins/errors.ts) turns each into its
 * status code and a `{ Message, requestId }` body. Their messages are written for the client.
 */
export class AppError extends Error {
  readonly statusCode: number
  /** A machine-readable reason sent as the body's `error` beside the Message, where a client acts on it. */
  readonly errorCode?: string

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

/**
 * 403 for an administrator who has no second factor yet (ADR 018): until they set one up, only the
 * routes that do it answer them. The web app takes them to the set-up page on `error`.
 */
export class SecondFactorSetupRequiredError extends AppError {
  override readonly errorCode = 'second_factor_setup_required'
  constructor() {
    super(403, 'Administrators must set up two-step sign-in before anything else.')
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

/** How long a client should wait before retrying a 503 (database down, overload, shutting down). */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5

/** A 503 because this instance is overloaded right now (load shedding, the password-hashing queue). */
export const BUSY_MESSAGE = 'The server is busy, please try again in a few seconds.'

export class ServiceUnavailableError extends AppError {
  /** Seconds until a retry may succeed; sent as Retry-After. */
  readonly retryAfterSeconds: number

  constructor(
    message = 'The service is temporarily unavailable, please try again later.',
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(503, message, options)
    this.retryAfterSeconds = options?.retryAfterSeconds ?? SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS
  }
}

/** Node socket errors: the database (or Redis) cannot be reached, or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "never": the server shut down or restarted
 * (57P01-57P03), is out of connections, disk or memory (53xxx), the statement lost a race
 * (40001, 40P01, 55P03), was cancelled (57014), or hit a read-only standby during a fail-over (25006).
 * Class 08 (connection exceptions) is matched by prefix.
 */
const POSTGRES_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53000',
  '53100',
  '53200',
  '53300',
  '40001',
  '40P01',
  '55P03',
  '57014',
  '25006',
])

/** better-sqlite3 codes (extended codes start with these): locked, full disk, I/O, cannot open. */
const SQLITE_PREFIXES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_NOMEM',
  'SQLITE_PROTOCOL',
  'SQLITE_READONLY',
]

/** Messages of drivers that give a lost connection no code (pg, Kysely, better-sqlite3, ioredis). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^driver has already been destroyed$/,
  /^The database connection is not open$/,
  /^Connection is closed\.$/,
  /^Reached the max retries per request limit/,
  // SQLite rolls a transaction back by itself after SQLITE_FULL, IOERR, BUSY or NOMEM; Kysely's own
  // rollback then fails with this, hiding the original error.
  /^cannot rollback - no transaction is active$/,
]

/**
 * Whether an error means that a backing service (the database, Redis) is unreachable, failing or
 * full for the moment: such errors become 503 with Retry-After instead of 500. Looks through
 * `cause` chains and AggregateError (Node's connection attempts to several addresses).
 */
export function isServiceUnavailableError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false
  const { code, message, name, cause } = error as {
    code?: unknown
    message?: unknown
    name?: unknown
    cause?: unknown
  }
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
    if (SQLITE_PREFIXES.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))) return true
  }
  if (name === 'MaxRetriesPerRequestError') return true
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isServiceUnavailableError(inner, depth + 1))
  ) {
    return true
  }
  return isServiceUnavailableError(cause, depth + 1)
}
