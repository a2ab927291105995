import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  AppError,
  isServiceUnavailableError,
  type ModelState,
  NotFoundError,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from '../lib/errors.ts'
import type { ErrorBody } from '../lib/http-schemas.ts'

const GENERIC_MESSAGES: Record<number, string> = {
  400: 'The request is invalid.',
  401: 'Authorization has been denied for this request.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  408: 'The request took too long.',
  409: 'The request conflicts with the current state.',
  413: 'The request is too large.',
  415: 'The media type is not supported.',
  429: 'Too many requests, please try again later.',
  500: 'An unexpected error occurred.',
  503: 'The service is temporarily unavailable, please try again later.',
}

const INTERNAL_ERROR = 'An unexpected error occurred.'

/** Fastify's own 4xx codes whose meaning deserves a clearer message than the status alone. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The media type is not supported.',
}

interface ErrorResponse {
  statusCode: number
  message: string
  modelState?: ModelState
  /** The body's `error`: a reason a client acts on (AppError.errorCode). */
  errorCode?: string | undefined
  /** Sent as Retry-After (429, 503). */
  retryAfterSeconds?: number | undefined
}

/**
 * One error handler for the whole app: every error becomes `{ Message, requestId }` (plus
 * `ModelState` for validation), 5xx never reveal their cause, and every 5xx is logged with its
 * request id. A database or Redis that cannot be reached, drops the connection, is locked or is
 * full answers 503 with Retry-After (see isServiceUnavailableError), not 500.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const response = toErrorResponse(error)
      if (response.statusCode >= 500) request.log.error({ err: error }, 'request failed')
      else request.log.info({ err: { message: error.message, code: error.code } }, 'request rejected')

      if (response.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(response.retryAfterSeconds))
      }
      return sendError(request, reply, response)
    })

    app.setNotFoundHandler((request, reply) =>
      sendError(request, reply, toErrorResponse(new NotFoundError())),
    )
  },
  { name: 'errors' },
)

function sendError(request: FastifyRequest, reply: FastifyReply, response: ErrorResponse) {
  const body: ErrorBody = {
    Message: response.message,
    ...(response.modelState ? { ModelState: response.modelState } : {}),
    ...(response.errorCode ? { error: response.errorCode } : {}),
    requestId: request.id,
  }
  return reply.code(response.statusCode).type('application/json; charset=utf-8').send(body)
}

export function toErrorResponse(error: FastifyError | Error): ErrorResponse {
  if (error instanceof ValidationError) {
    return { statusCode: 400, message: error.message, modelState: error.modelState }
  }
  if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      retryAfterSeconds: error.retryAfterSeconds,
    }
  }
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, message: error.message, errorCode: error.errorCode }
  }
  const refused = refusedInput(error)
  if (refused) return refused
  if (isServiceUnavailableError(error)) {
    return {
      statusCode: 503,
      message: GENERIC_MESSAGES[503] as string,
      retryAfterSeconds: SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
    }
  }
  const fastifyError = error as FastifyError
  if (Array.isArray(fastifyError.validation)) {
    return {
      statusCode: 400,
      message: GENERIC_MESSAGES[400] as string,
      modelState: modelStateOf(fastifyError),
    }
  }
  const statusCode = fastifyError.statusCode ?? 500
  if (statusCode >= 400 && statusCode < 500) {
    const message =
      FASTIFY_MESSAGES[fastifyError.code] ?? GENERIC_MESSAGES[statusCode] ?? (GENERIC_MESSAGES[400] as string)
    return { statusCode, message }
  }
  return { statusCode: 500, message: INTERNAL_ERROR }
}

/**
 * Input that passed validation but that PostgreSQL cannot hold (SQLSTATE class 22), where SQLite
 * takes it: a NUL character in a text (22021, 22P05) is an invalid request; a whole number beyond
 * the column's range (22003) can only be an id from a URL, which names nothing, as on SQLite.
 */
function refusedInput(error: Error): ErrorResponse | undefined {
  const { code, severity } = error as { code?: unknown; severity?: unknown }
  if (typeof severity !== 'string') return undefined
  if (code === '22021' || code === '22P05')
    return { statusCode: 400, message: GENERIC_MESSAGES[400] as string }
  if (code === '22003') return { statusCode: 404, message: GENERIC_MESSAGES[404] as string }
  return undefined
}

/** Field key: the issue path joined with '.', e.g. 'section1.businessAddress.city'. */
function modelStateOf(error: FastifyError): ModelState {
  const modelState: ModelState = {}
  for (const issue of error.validation ?? []) {
    const key = issue.instancePath.split('/').filter(Boolean).join('.')
    const messages = modelState[key] ?? []
    if (issue.message && !messages.includes(issue.message)) messages.push(issue.message)
    modelState[key] = messages
  }
  return modelState
}
