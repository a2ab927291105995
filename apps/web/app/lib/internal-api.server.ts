import { createContext, data } from 'react-router'
import { getInternalApiUrl, INTERNAL_API_HEADERS } from './config.server.ts'

/**
 * The API as an action calls it when a form is posted to a page (a browser without JavaScript, or
 * whose app did not load): the server (`apps/api/src/plugins/web.ts`) handles the call in-process
 * for the visitor who posted, so the API's rate limits and records count their address. `null`
 * when no server gave one (e.g. a test of the bare build).
 */
export interface InternalApi {
  post(path: string, body: unknown): Promise<{ status: number; body: unknown }>
}

export const internalApiContext = createContext<InternalApi | null>(null)

export interface InternalReadOptions {
  /** What the visitor's error names: 'content', 'news', 'FAQ'. */
  service: string
  /** 'null': a 404 answers null (an unknown page); otherwise it is an error like any other. */
  notFound?: 'null' | 'error'
  fetchImpl?: typeof fetch
}

/**
 * A public read from the API in the same process, for a server loader: the JSON of `path` (e.g. '/news').
 * An API that cannot be reached is a 503 route error and any other failure a 502, both logged; the visitor
 * sees the error page.
 */
export async function getInternalJson(
  path: string,
  { service, notFound = 'error', fetchImpl = fetch }: InternalReadOptions,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetchImpl(`${getInternalApiUrl()}${path}`, { headers: INTERNAL_API_HEADERS })
  } catch (error) {
    console.error(`GET /api${path}: the API could not be reached`, error)
    throw data(`The ${service} service is unavailable.`, { status: 503 })
  }
  if (response.status === 404 && notFound === 'null') return null
  if (!response.ok) {
    console.error(`GET /api${path}: the API answered ${response.status}`)
    throw data(`The ${service} service failed.`, { status: 502 })
  }
  return response.json()
}
