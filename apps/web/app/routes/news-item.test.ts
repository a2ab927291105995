import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader } from './news-item.tsx'

let server: http.Server
const requested: string[] = []

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

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '')
    res.setHeader('Content-Type', 'application/json')
    if (req.url === '/api/news/solar-boards') {
      res.end(JSON.stringify(ITEM))
      return
    }
    res.statusCode = 404
    res.end(JSON.stringify({ Message: 'News item not found.' }))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  process.env.INTERNAL_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})

afterAll(async () => {
  delete process.env.INTERNAL_API_URL
  await new Promise((resolve) => server.close(resolve))
})

function load(path: string, slug: string) {
  return loader({ request: new Request(`http://localhost${path}`), params: { slug }, context: {} } as never)
}

describe('news item loader', () => {
  it('asks the API for the one item by its slug, not for the whole list', async () => {
    requested.length = 0
    expect(await load('/news/solar-boards/', 'solar-boards')).toEqual({ item: ITEM })
    expect(requested).toEqual(['/api/news/solar-boards'])
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
