/**
 * After `react-router build`: every static file of the client build worth compressing gets a Brotli (.br,
 * quality 11) and a gzip (.gz, level 9) copy beside it, made once here instead of on every request.
 * The server (`apps/api/src/plugins/web.ts`, @fastify/static's preCompressed) sends the copy the browser
 * accepts. A copy that is not smaller than its file is not kept.
 *
 *   node scripts/precompress.ts [dir]   (default: build/client)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Text formats a browser fetches; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map'])
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024

export interface PrecompressReport {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

export function precompressDirectory(dir: string): PrecompressReport {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        visit(path)
        continue
      }
      if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name).toLowerCase())) continue
      const data = readFileSync(path)
      if (data.byteLength < MIN_BYTES) continue
      const brotli = brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        },
      })
      const gzip = gzipSync(data, { level: constants.Z_BEST_COMPRESSION })
      report.files += 1
      report.bytes += data.byteLength
      if (brotli.byteLength < data.byteLength) {
        writeFileSync(`${path}.br`, brotli)
        report.brotliBytes += brotli.byteLength
      }
      if (gzip.byteLength < data.byteLength) {
        writeFileSync(`${path}.gz`, gzip)
        report.gzipBytes += gzip.byteLength
      }
    }
  }
  if (statSync(dir).isDirectory()) visit(dir)
  return report
}

if (import.meta.main) {
  const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'build', 'client'))
  const report = precompressDirectory(dir)
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`
  console.info(
    `Precompressed ${report.files} files (${kb(report.bytes)}): Brotli ${kb(report.brotliBytes)}, gzip ${kb(report.gzipBytes)}.`,
  )
}
