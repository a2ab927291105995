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

/**
 * Page addresses that repeat slashes ('//about//', '/services//vms-boards/') reach the page they name:
 * a GET or HEAD is redirected (301) to the one canonical address, query string kept. Other methods
 * are left alone (a redirect would turn a POST into a GET), and so are API addresses.
 */
export const canonicalPathPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      const query = request.url.indexOf('?')
      const path = query === -1 ? request.url : request.url.slice(0, query)
      if (!REPEATED_SLASHES.test(path)) return
      // Pages only: an API address is exact, and answers what its route declares (404 here).
      const canonical = canonicalPath(path)
      if (canonical === '/api' || canonical.startsWith('/api/')) return
      const search = query === -1 ? '' : request.url.slice(query)
      return reply
        .code(301)
        .header('cache-control', 'public, max-age=3600')
        .redirect(canonical + search, 301)
    })
  },
  { name: 'canonical-path' },
)
