import fp from 'fastify-plugin'

/** A run of two or more slashes, or any backslash (browsers read '\' in a path as '/'). */
const REPEATED_SLASHES = /[/\\]{2,}|\\/u

/**
 * The path with every run of slashes (and backslashes) made one '/': '//privacy-policy//' is
 * '/privacy-policy/'. Never starts with '//', so a redirect to it stays on this site.
 */
export function canonicalPath(path: string): string {
  return path.replace(/[/\\]+/gu, '/')
}

/** Where a GET or HEAD of `url` is redirected (the canonical path, query string kept), if anywhere. */
function redirectTarget(method: string, url: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  if (!REPEATED_SLASHES.test(path)) return undefined
  // Pages only: an API address is exact, and answers what its route declares (404 here).
  const canonical = canonicalPath(path)
  if (canonical === '/api' || canonical.startsWith('/api/')) return undefined
  return canonical + (query === -1 ? '' : url.slice(query))
}

/**
 * Page addresses that repeat slashes ('//about//', '/services//vms-boards/') reach the page they name:
 * a GET or HEAD is redirected (301) to the one canonical address, query string kept. Other methods
 * are left alone (a redirect would turn a POST into a GET), and so are API addresses.
 */
export const canonicalPathPlugin = fp(
  async (app) => {
    // A callback hook: every request passes it, and an async one costs a promise each time.
    app.addHook('onRequest', (request, reply, done) => {
      const canonical = redirectTarget(request.method, request.url)
      if (canonical === undefined) {
        done()
        return
      }
      reply.code(301).header('cache-control', 'public, max-age=3600').redirect(canonical, 301)
    })
  },
  { name: 'canonical-path' },
)
