import { describe, expect, it } from 'vitest'
import { expectConsoleError } from '../../../../test/console-errors.ts'
import { fakeInternalApi, forbidFetch } from '../../test/internal-api.ts'
import { getInternalJson } from './internal-api.server.ts'

forbidFetch()

describe('getInternalJson (a server loader reading the API in-process)', () => {
  it('answers the JSON the API in this process answered, read through the API the server gave', async () => {
    const { api, requested } = fakeInternalApi({ '/news': { status: 200, body: [{ slug: 'a' }] } })
    expect(await getInternalJson(api, '/news', { service: 'news' })).toEqual([{ slug: 'a' }])
    expect(requested).toEqual(['/news'])
  })

  it('answers null for a 404 when asked to, and a 502 otherwise', async () => {
    const { api } = fakeInternalApi()
    expect(await getInternalJson(api, '/pages/none', { service: 'content', notFound: 'null' })).toBeNull()
    expectConsoleError(/GET \/api\/pages\/none: the API answered 404/)
    await expect(getInternalJson(api, '/pages/none', { service: 'content' })).rejects.toMatchObject({
      data: 'The content service failed.',
      init: { status: 502 },
    })
  })

  it("answers 502 'The X service failed.' for any other failure", async () => {
    expectConsoleError(/GET \/api\/faqs: the API answered 500/)
    const { api } = fakeInternalApi({ '/faqs': { status: 500, body: null } })
    await expect(getInternalJson(api, '/faqs', { service: 'FAQ' })).rejects.toMatchObject({
      data: 'The FAQ service failed.',
      init: { status: 502 },
    })
  })

  it("answers 503 'The X service is unavailable.' when the API cannot be reached", async () => {
    expectConsoleError(/GET \/api\/news: the API could not be reached/)
    const { api } = fakeInternalApi({ '/news': () => Promise.reject(new Error('closed')) })
    await expect(getInternalJson(api, '/news', { service: 'news' })).rejects.toMatchObject({
      data: 'The news service is unavailable.',
      init: { status: 503 },
    })
  })

  it('answers 503 without a server to hand it the API, and never falls back to HTTP outside the dev server', async () => {
    expectConsoleError(/GET \/api\/news: the API could not be reached/)
    await expect(getInternalJson(null, '/news', { service: 'news' })).rejects.toMatchObject({
      data: 'The news service is unavailable.',
      init: { status: 503 },
    })
  })
})
