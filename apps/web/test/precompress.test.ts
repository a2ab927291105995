import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { precompressDirectory } from '../scripts/precompress.ts'

describe('the build precompresses its static files', () => {
  it('writes Brotli and gzip copies of text files worth compressing, and nothing for the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'))
    mkdirSync(join(dir, 'assets'))
    const script = `export const text = ${JSON.stringify('traffic lights '.repeat(500))}\n`
    writeFileSync(join(dir, 'assets', 'entry-abc123.js'), script)
    writeFileSync(join(dir, 'assets', 'tiny-abc123.css'), 'a{color:red}')
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7))

    const report = precompressDirectory(dir)
    expect(report.files).toBe(1)
    const js = join(dir, 'assets', 'entry-abc123.js')
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script)
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script)
    expect(readFileSync(`${js}.br`).byteLength).toBeLessThan(script.length / 10)
    // Too small to gain, or compressed already.
    expect(existsSync(join(dir, 'assets', 'tiny-abc123.css.br'))).toBe(false)
    expect(existsSync(join(dir, 'logo.png.br'))).toBe(false)
  })
})
