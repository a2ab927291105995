import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { documentCacheControl } from './lib/cache-policy.ts'
import { InlineCssProvider } from './lib/inline-css.tsx'
import { NONCE_HEADER, NonceProvider } from './lib/nonce.tsx'
import { lowPriorityModulePreloadsTransform } from './lib/script-priority.server.ts'
import css from './styles/index.css?inline'

export const streamTimeout = 5_000

// The key under which the server hands actions the API (apps/api/src/plugins/web.ts).
export { internalApiContext } from './lib/internal-api.server.ts'

/**
 * Based on @react-router/dev's default Node entry. Differences: the CSP nonce the server
 * puts in the `x-csp-nonce` request header is passed to React (bootstrap scripts),
 * to `<ServerRouter>` (hydration and module scripts) and to the app via `NonceProvider`; and the
 * stylesheet is handed to the root layout to inline (lib/inline-css.tsx), and the module
 * preloads go at low priority (lib/script-priority.server.ts), and the public pages say how long a
 * shared cache may keep them (lib/cache-policy.ts). Without a nonce (the server's page cache renders
 * pages for everyone) no `nonce` attribute is written; that response's CSP lists hashes instead.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // Public pages may be kept by a shared cache (the server's page cache, a CDN); see lib/cache-policy.ts.
  const cacheControl = documentCacheControl(request, responseStatusCode)
  if (cacheControl) responseHeaders.set('Cache-Control', cacheControl)

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  const nonce = request.headers.get(NONCE_HEADER) || undefined

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')

    // Bots and SPA mode wait for all content so crawlers see the complete page.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort after `streamTimeout` so rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <InlineCssProvider css={css}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(lowPriorityModulePreloadsTransform()).pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors inside the shell are logged by handleDocumentRequest; log only streaming ones.
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
