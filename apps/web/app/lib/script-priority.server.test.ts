import { describe, expect, it } from 'vitest'
import { lowPriorityModulePreloads, lowPriorityModulePreloadsTransform } from './script-priority.server.ts'

const head =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="preload" as="image" href="/hero.svg" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head>'

async function run(chunks: string[]): Promise<string> {
  const transform = lowPriorityModulePreloadsTransform()
  let out = ''
  transform.on('data', (data: Buffer) => {
    out += data.toString()
  })
  const ended = new Promise((resolve) => transform.on('end', resolve))
  for (const chunk of chunks) transform.write(chunk)
  transform.end()
  await ended
  return out
}

describe('module preloads at low priority', () => {
  it('marks every module preload and nothing else', () => {
    const out = lowPriorityModulePreloads(head)
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2)
    expect(out).toContain('<link rel="preload" as="image" href="/hero.svg" fetchPriority="high"/>')
    expect(lowPriorityModulePreloads(out)).toBe(out)
  })

  it('finds tags split across chunks and leaves the body alone', async () => {
    const body = '<body><link rel="modulepreload" href="/in-body.js"/></body></html>'
    const html = head + body
    const out = await run([html.slice(0, 40), html.slice(40, 75), html.slice(75)])
    expect(out).toBe(lowPriorityModulePreloads(head) + body)
  })

  it('passes a document without a head through, rewritten at the end', async () => {
    expect(await run(['<link rel="modulepreload" href="/x.js"/>'])).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/x.js"/>',
    )
  })
})
