import { createContext } from 'react-router'

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
