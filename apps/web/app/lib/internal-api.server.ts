import { createContext, data } from 'react-router'
import { getInternalApiUrl, INTERNAL_API_HEADERS } from './config.server.ts'

/** An answer of the API: its status and its JSON body (null when the body is not JSON). */
export interface InternalAnswer {
  status: number
  body: unknown
}

/**
 * The API in the same process, as the server (`apps/api/src/plugins/web.ts`) hands it to every render under
 * `internalApiContext`: each call is handled in-process, never over the network. `null` when no server gave one
 * (e.g. a test of the bare build, or Vite's dev server).
 */
export interface InternalApi {
  /** A public read for a loader, the same for every visitor: nothing of theirs is sent. */
  get(path: string): Promise<InternalAnswer>
  /**
   * A call for the visitor being served (a form posted to a page without JavaScript, a reset link checked as its
   * page renders), so the API's rate limits and records count their address. Null in a page rendered to be kept
   * for everyone, which acts for nobody.
   */
  post: ((path: string, body: unknown) => Promise<InternalAnswer>) | null
}

export const internalApiContext = createContext<InternalApi | null>(null)

export interface InternalReadOptions {
  /** What the visitor's error names: 'content', 'news', 'FAQ'. */
  service: string
  /** 'null': a 404 answers null (an unknown page); otherwise it is an error like any other. */
  notFound?: 'null' | 'error'
}

/**
 * A public read from the API for a server loader: the JSON of `path` (e.g. '/news'), through the API the server
 * handed the render. An API that cannot be reached is a 503 route error and any other failure a 502, both logged;
 * the visitor sees the error page.
 */
export async function getInternalJson(
  api: InternalApi | null,
  path: string,
  { service, notFound = 'error' }: InternalReadOptions,
): Promise<unknown> {
  let answer: InternalAnswer
  try {
    answer = await (api ? api.get(path) : readWithoutServer(path))
  } catch (error) {
    console.error(`GET /api${path}: the API could not be reached`, error)
    throw data(`The ${service} service is unavailable.`, { status: 503 })
  }
  if (answer.status === 404 && notFound === 'null') return null
  if (answer.status < 200 || answer.status > 299) {
    console.error(`GET /api${path}: the API answered ${answer.status}`)
    throw data(`The ${service} service failed.`, { status: 502 })
  }
  return answer.body
}

/**
 * A read in a render no server handed the API. Only Vite's dev server (`react-router dev`, with the API running
 * apart at INTERNAL_API_URL) reads over HTTP, a convenience for development; its mode is fixed when the app is
 * built, so the production build has no such path. Anywhere else (a test, a bare build) the API is unreachable.
 */
async function readWithoutServer(path: string): Promise<InternalAnswer> {
  if (import.meta.env.MODE !== 'development') {
    throw new Error('no API in this process: the server hands it to every render')
  }
  const response = await fetch(`${getInternalApiUrl()}${path}`, { headers: INTERNAL_API_HEADERS })
  return { status: response.status, body: await response.json().catch(() => null) }
}
