import { MESSAGES } from '@signalway/shared'
import { LIMITS } from '@signalway/shared/constants'
import { type AuthStorage, getAuthStorage, type StoredTokens, type TokenResponse } from './auth-storage.ts'
import { paths } from './paths.ts'

/**
 * The one API client of the web app (requirements §4 and §8):
 * - JSON in and out on the configured API base ('/api' by default), blob/text on request;
 * - `Authorization: Bearer <access_token>` whenever a token is stored;
 * - on a 401: ONE token refresh shared by every concurrent request, then ONE retry;
 *   a refresh answered with 400 (invalid refresh token) signs the user out and goes to /login;
 * - the error catalogue mapped into a typed `ApiError`.
 * Navigation and storage are injected, so it is testable and never touches `window` on the server.
 */

/** The general error texts of requirements §8. */
export const API_ERROR_MESSAGES = {
  forbidden: MESSAGES.accessDenied,
  noResponse: MESSAGES.noResponse,
  generic: MESSAGES.unknownError,
} as const

export const TOKEN_PATH = '/v1/core/auth/token'
/** Logout: ends the session of a refresh token on the server (RFC 7009). */
export const REVOKE_PATH = '/v1/core/auth/revoke'
/** How long logout waits for the server before it signs out locally anyway. */
const REVOKE_TIMEOUT_MS = 5000

export type ModelState = Record<string, string[]>

/** The `error` of a 403 for an administrator who has not set up a second factor yet (the API's words). */
export const SECOND_FACTOR_SETUP_REQUIRED = 'second_factor_setup_required'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** HTTP status; 0 when no response was received. */
  readonly status: number
  /** Validation messages per field, present on validation 400s. */
  readonly modelState?: ModelState
  readonly requestId?: string
  /** The parsed response body, for callers that need more than the message. */
  readonly body?: unknown

  constructor(init: {
    status: number
    message: string
    modelState?: ModelState
    requestId?: string
    body?: unknown
  }) {
    super(init.message)
    this.status = init.status
    if (init.modelState) this.modelState = init.modelState
    if (init.requestId) this.requestId = init.requestId
    if (init.body !== undefined) this.body = init.body
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export type ResponseType = 'json' | 'blob' | 'text'

export interface RequestOptions {
  headers?: Record<string, string>
  signal?: AbortSignal
  /** How to read a successful response body; 'json' by default (an empty body gives undefined). */
  responseType?: ResponseType
  /** Send the bearer token and refresh it on a 401 (default true). */
  auth?: boolean
  /** Navigate to /pages/error-403 or /pages/maintenance on a 403 or a network failure (default true). */
  redirect?: boolean
  /** Sees a successful response's headers before its body is read (e.g. a reference sent beside a PDF). */
  onHeaders?: (headers: Headers) => void
}

export interface NavigateOptions {
  /** A message for the page navigated to (the 403 page shows it). */
  message?: string
}

export interface ApiClientDeps {
  baseUrl: string
  clientId: string
  navigate: (to: string, options?: NavigateOptions) => void
  storage?: AuthStorage
  fetch?: typeof fetch
  /** The current location (path + search), remembered as the return-url when the session expires. */
  currentLocation?: () => string | undefined
  /** Where the no-response details go ("check the console logs"); console.error by default. */
  logError?: (...args: unknown[]) => void
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type SecondStepGrant =
  | { GrantType: 'mfa_otp'; mfa_token: string; otp: string }
  | { GrantType: 'mfa_recovery'; mfa_token: string; recovery_code: string }
  | { GrantType: 'mfa_passkey'; mfa_token: string; response: unknown }
  | { GrantType: 'passkey'; response: unknown }

export interface ApiClient {
  request<T = unknown>(method: Method, path: string, body?: unknown, options?: RequestOptions): Promise<T>
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>
  /** Login grant; the tokens are returned, not stored (the auth provider's signIn stores them). */
  requestToken(userName: string, password: string, options?: RequestOptions): Promise<TokenResponse>
  /**
   * The sign-in's second step: after the password grant answered 403 mfa_required with an
   * mfa_token, a code from the authenticator app, a recovery code or a passkey completes it; or a passkey
   * alone signs in.
   */
  requestSecondStep(grant: SecondStepGrant, options?: RequestOptions): Promise<TokenResponse>
  /** Refresh grant, shared by concurrent callers (one request in flight at most); stores the new tokens. */
  refreshTokens(): Promise<StoredTokens>
  /**
   * Ends the stored session on the server (logout): its refresh token and every access token issued to
   * it stop working. Never throws: a server that cannot be reached must not keep anyone signed in here.
   */
  revokeStoredSession(): Promise<void>
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

function isBodyInit(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  )
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined
}

/** The field messages (ModelState) of an API error body, each as a list. */
export function readModelState(body: unknown): ModelState | undefined {
  const raw = field(body, 'ModelState')
  if (!raw || typeof raw !== 'object') return undefined
  const result: ModelState = {}
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    result[key] = Array.isArray(value) ? value.map(String) : [String(value)]
  }
  return result
}

/** Requirements §8: the message for an error response. */
export function errorMessageFor(status: number, body: unknown): string {
  const message = field(body, 'Message')
  switch (status) {
    case 403:
      return API_ERROR_MESSAGES.forbidden
    case 404:
      if (typeof message === 'string' && message !== '') return message
      if (typeof body === 'string' && body !== '') return body
      return API_ERROR_MESSAGES.generic
    case 500:
      return typeof message === 'string' && message !== '' ? message : API_ERROR_MESSAGES.generic
    default:
      return API_ERROR_MESSAGES.generic
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response)
  const requestId = field(body, 'requestId')
  const modelState = readModelState(body)
  return new ApiError({
    status: response.status,
    message: errorMessageFor(response.status, body),
    body,
    ...(modelState ? { modelState } : {}),
    ...(typeof requestId === 'string' ? { requestId } : {}),
  })
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let refreshInFlight: Promise<StoredTokens> | undefined

  const storage = () => deps.storage ?? getAuthStorage()
  const doFetch: typeof fetch = (input, init) => (deps.fetch ?? globalThis.fetch)(input, init)
  const logError = (...args: unknown[]) => (deps.logError ?? console.error)(...args)

  /** Sends one request; a failure to get any response becomes the no-response ApiError. */
  async function send(
    method: Method,
    path: string,
    body: unknown,
    options: RequestOptions,
    accessToken: string | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
    let payload: BodyInit | undefined
    if (body !== undefined && body !== null) {
      if (isBodyInit(body)) payload = body
      else {
        payload = JSON.stringify(body)
        headers['Content-Type'] ??= 'application/json'
      }
    }
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`
    try {
      return await doFetch(joinUrl(deps.baseUrl, path), {
        method,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })
    } catch (error) {
      if (isAbort(error)) throw error
      logError(`API ${method} ${path}: no response`, error)
      if (options.redirect !== false) deps.navigate(paths.pages.maintenance)
      throw new ApiError({ status: 0, message: API_ERROR_MESSAGES.noResponse })
    }
  }

  async function fail(response: Response, options: RequestOptions): Promise<never> {
    const error = await toApiError(response)
    if (response.status === 403 && options.redirect !== false) {
      // An administrator without a second factor is sent to set one up, not told they may not.
      if (field(error.body, 'error') === SECOND_FACTOR_SETUP_REQUIRED)
        deps.navigate(paths.setUpTwoStepWithReturn(deps.currentLocation?.()))
      else deps.navigate(paths.pages.error403, { message: API_ERROR_MESSAGES.forbidden })
    }
    throw error
  }

  function sessionExpired(): void {
    storage().clear()
    deps.navigate(paths.loginWithReturn(deps.currentLocation?.()))
  }

  async function doRefresh(): Promise<StoredTokens> {
    const current = storage().getTokens()
    if (!current?.refresh_token) {
      throw new ApiError({ status: 401, message: API_ERROR_MESSAGES.generic })
    }
    const response = await send(
      'POST',
      TOKEN_PATH,
      { ClientId: deps.clientId, GrantType: 'refresh_token', RefreshToken: current.refresh_token },
      {},
      undefined,
    )
    if (!response.ok) {
      const error = await toApiError(response)
      // 400 = invalid refresh token (requirements §4): signed out, back to the login page.
      if (response.status === 400) sessionExpired()
      throw error
    }
    const tokens = (await response.json()) as TokenResponse
    return storage().setTokens(tokens)
  }

  function refreshTokens(): Promise<StoredTokens> {
    refreshInFlight ??= doRefresh().finally(() => {
      refreshInFlight = undefined
    })
    return refreshInFlight
  }

  async function parse<T>(response: Response, responseType: ResponseType): Promise<T> {
    if (responseType === 'blob') return (await response.blob()) as T
    if (responseType === 'text') return (await response.text()) as T
    if (response.status === 204) return undefined as T
    return (await readBody(response)) as T
  }

  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const useAuth = options.auth !== false
    const sentTokens = useAuth ? storage().getTokens() : null
    let response = await send(method, path, body, options, sentTokens?.access_token)

    // LIMITS.tokenRetries (one) retry: a 401 after it is reported like any other error.
    let tokens = sentTokens
    let retries = LIMITS.tokenRetries
    while (response.status === 401 && tokens?.refresh_token && retries-- > 0) {
      // Another request may already have refreshed the tokens while this one was in flight.
      const stored = storage().getTokens()
      tokens = stored && stored.access_token !== tokens.access_token ? stored : await refreshTokens()
      response = await send(method, path, body, options, tokens.access_token)
    }

    if (!response.ok) return fail(response, options)
    options.onHeaders?.(response.headers)
    return parse<T>(response, options.responseType ?? 'json')
  }

  return {
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    requestToken: (userName, password, options) =>
      request<TokenResponse>(
        'POST',
        TOKEN_PATH,
        { UserName: userName, Password: password, ClientId: deps.clientId, GrantType: 'password' },
        { ...options, auth: false },
      ),
    requestSecondStep: (grant, options) =>
      request<TokenResponse>(
        'POST',
        TOKEN_PATH,
        { ...grant, ClientId: deps.clientId },
        { ...options, auth: false },
      ),
    refreshTokens,
    async revokeStoredSession() {
      const token = storage().getTokens()?.refresh_token
      if (!token) return
      try {
        await send(
          'POST',
          REVOKE_PATH,
          { ClientId: deps.clientId, token, token_type_hint: 'refresh_token' },
          { signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS), redirect: false },
          undefined,
        )
      } catch {
        // Offline or timed out: the local sign-out goes ahead; the session expires on its own.
      }
    },
  }
}

/**
 * The app-wide client. Its dependencies are set once by the root component
 * (`configureApiClient`) from the public config and React Router's navigate; until then
 * it uses '/api', client id 'web', full page navigations and browser storage.
 */
const appDeps: ApiClientDeps = {
  baseUrl: '/api',
  clientId: 'web',
  navigate: (to) => {
    if (typeof window !== 'undefined') window.location.assign(to)
  },
  currentLocation: () =>
    typeof window === 'undefined' ? undefined : window.location.pathname + window.location.search,
}

export function configureApiClient(deps: Partial<ApiClientDeps>): void {
  Object.assign(appDeps, deps)
}

export const apiClient: ApiClient = createApiClient(appDeps)

/** The `Message` of an error response body (a 409 'email taken', a 429 'try again in ...'), if any. */
export function serverMessage(error: ApiError): string | undefined {
  const body = error.body
  if (!body || typeof body !== 'object') return undefined
  const message = (body as { Message?: unknown }).Message
  return typeof message === 'string' && message.trim() !== '' ? message : undefined
}

/**
 * What a screen says when a call fails (requirements §8): the server's Message of a 500 when it sent one,
 * else the screen's own text ('Unable to load the users.'), never the generic one.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status !== 500) return fallback
  // errorMessageFor gave a 500 without a Message the generic text: the screen's own is better.
  return error.message !== '' && error.message !== API_ERROR_MESSAGES.generic ? error.message : fallback
}
