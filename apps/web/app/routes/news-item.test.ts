import { describe, expect, it } from 'vitest'
import { fakeInternalApi, forbidFetch, routerContext } from '../../test/internal-api.ts'
import { loader } from './news-item.tsx'

forbidFetch()

const ITEM = {
  id: 7,
  slug: 'solar-boards',
  date: '2026-03-01T00:00:00.000Z',
  title: 'Solar boards',
  image: '/images/news/solar-vms-fleet-upgrade.svg',
  text: 'Now solar.',
  html: '',
  imageAlt: '',
  imageWidth: null,
  imageHeight: null,
}

const { api, requested } = fakeInternalApi({ '/news/solar-boards': { status: 200, body: ITEM } })

function load(path: string, slug: string) {
  return loader({
    request: new Request(`http://localhost${path}`),
    params: { slug },
    context: routerContext(api),
  } as never)
}

describe('news item loader', () => {
  it('asks the API for the one item by its slug, not for the whole list', async () => {
    requested.length = 0
    expect(await load('/news/solar-boards/', 'solar-boards')).toEqual({ item: ITEM })
    expect(requested).toEqual(['/news/solar-boards'])
  })

  it("answers an unknown slug with 404 'Page Not Found'", async () => {
    const result = (await load('/news/no-such-item/', 'no-such-item')) as {
      data: unknown
      init: ResponseInit
    }
    expect(result.init.status).toBe(404)
    expect(result.data).toEqual({ item: null })
  })

  it('answers a slug longer than any item has with 404 without asking the API', async () => {
    requested.length = 0
    const slug = 'x'.repeat(150)
    const result = (await load(`/news/${slug}/`, slug)) as { init: ResponseInit }
    expect(result.init.status).toBe(404)
    expect(requested).toEqual([])
  })

  it('redirects an item asked for without its trailing slash, query kept (301)', async () => {
    const thrown = await load('/news/solar-boards?x=1', 'solar-boards').catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(301)
    expect((thrown as Response).headers.get('Location')).toBe('/news/solar-boards/?x=1')
  })
})
