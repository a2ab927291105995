import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import type { Encoding } from './page-cache.ts'

/*
 * The web build's hashed assets, held in memory: a file name never gets other bytes, so each is read
 * once at start with the Brotli and gzip copies the build made (apps/web/scripts/precompress.ts), and answered
 * without touching the disk. About a megabyte for the whole build.
 */

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

export interface StaticAsset {
  contentType: string
  etag: string
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer }
}

/** Every file under `dir` by its path relative to it ('entry.client-abc123.js'), with its compressed copies. */
export function loadAssets(dir: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>()
  if (!existsSync(dir)) return assets
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (entry.isFile() && !/\.(?:br|gz)$/.test(entry.name)) {
        const identity = readFileSync(path)
        const copy = (suffix: string) =>
          existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined
        const br = copy('.br')
        const gzip = copy('.gz')
        assets.set(relative(dir, path).split(sep).join('/'), {
          contentType: TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
          etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
          bodies: { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
        })
      }
    }
  }
  visit(dir)
  return assets
}
