import { describe, expect, it } from 'vitest'
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../src/lib/json-depth.ts'
import { buildTestApp, DIALECTS } from '../helpers/build.ts'
import { creditApplicationFixture } from '../helpers/credit.ts'

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays, not brackets inside strings or escaped quotes', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(jsonDepthExceeds(`{"a":${'{"b":'.repeat(3)}1${'}'.repeat(3)}}`, 4)).toBe(false)
    expect(jsonDepthExceeds(`{"a":${'{"b":'.repeat(4)}1${'}'.repeat(4)}}`, 4)).toBe(true)
    expect(jsonDepthExceeds(JSON.stringify({ text: '[[[[[[[[[[', quote: '"[[[[[["' }), 2)).toBe(false)
  })
})

describe.each(DIALECTS)('JSON bodies on %s', (dialect) => {
  it('answers 400, not 500, to a credit application with a field nested 10,000 levels deep', async () => {
    const { app } = await buildTestApp({ dialect })
    const application = await creditApplicationFixture(0)
    const deep = `${'{"x":'.repeat(10_000)}1${'}'.repeat(10_000)}`
    const body = JSON.stringify(application).replace(/^\{/, `{"extra":${deep},`)
    const response = await app.inject({
      method: 'POST',
      url: '/api/apply-for-credit',
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ Message: 'The request is invalid.', requestId: expect.any(String) })
  })

  it('still parses ordinary bodies and refuses prototype poisoning', async () => {
    const { app } = await buildTestApp({ dialect })
    const ok = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({
        name: 'Jane Citizen',
        email: 'jane@example.com',
        phone: '',
        message: 'Hello [there]',
      }),
    })
    expect(ok.statusCode).toBe(201)
    const poisoned = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"polluted":true},"name":"x"}',
    })
    expect(poisoned.statusCode).toBe(400)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
