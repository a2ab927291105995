import { describe, expect, it } from 'vitest'
import { expectConsoleError } from '../../../../test/console-errors.ts'
import { fakeInternalApi, forbidFetch, routerContext } from '../../test/internal-api.ts'
import type { InternalApi } from '../lib/internal-api.server.ts'
import { loader } from './content-page.tsx'

forbidFetch()

const { api, requested } = fakeInternalApi({
  '/pages/some%2Fpage': {
    status: 200,
    body: {
      name: 'some/page',
      title: 'Some Page',
      description: 'About it.',
      content: 'Text.',
      html: '<p>Text.</p>\n',
      updatedAt: null,
    },
  },
})

function load(path: string, given: InternalApi | null = api) {
  return loader({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: routerContext(given),
  } as never)
}

describe('generic content page loader', () => {
  it("looks the page up by its name, through the API the server gave: '/Some/Page/' -> 'some/page'", async () => {
    const result = await load('/Some/Page/')
    expect(requested.at(-1)).toBe('/pages/some%2Fpage')
    expect(result).toEqual({
      found: true,
      name: 'some/page',
      title: 'Some Page',
      description: 'About it.',
      // The API renders the Markdown; the page shows its HTML.
      html: '<p>Text.</p>\n',
    })
  })

  it("answers an unknown name with 'Page Not Found' and HTTP 404", async () => {
    const result = (await load('/no-such-page')) as { data: { title: string }; init: ResponseInit }
    expect(result.init.status).toBe(404)
    expect(result.data.title).toBe('Page Not Found')
  })

  it('redirects an existing page asked for without its trailing slash, query kept (301)', async () => {
    const thrown = await load('/Some/Page?x=1').catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(301)
    expect((thrown as Response).headers.get('Location')).toBe('/Some/Page/?x=1')
  })

  it('answers 503 when no server gave the API (a bare build), without reading over HTTP', async () => {
    expectConsoleError(/GET \/api\/pages\/some%2Fpage: the API could not be reached/)
    const thrown = await load('/Some/Page/', null).catch((error: unknown) => error)
    expect(thrown).toMatchObject({ data: 'The content service is unavailable.', init: { status: 503 } })
  })

  it('answers 502 when the API fails', async () => {
    expectConsoleError(/GET \/api\/pages\/broken: the API answered 500/)
    const failing = fakeInternalApi({ '/pages/broken': { status: 500, body: { Message: 'Boom.' } } }).api
    const thrown = await load('/broken/', failing).catch((error: unknown) => error)
    expect(thrown).toMatchObject({ data: 'The content service failed.', init: { status: 502 } })
  })
})
