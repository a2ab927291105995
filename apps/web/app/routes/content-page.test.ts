import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader } from './content-page.tsx'

let server: http.Server
const requested: string[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '')
    res.setHeader('Content-Type', 'application/json')
    if (req.url === '/api/pages/some%2Fpage') {
      res.end(
        JSON.stringify({
          name: 'some/page',
          title: 'Some Page',
          description: 'About it.',
          content: 'Text.',
          html: '<p>Text.</p>\n',
          updatedAt: null,
        }),
      )
      return
    }
    res.statusCode = 404
    res.end(JSON.stringify({ Message: 'Page not found.' }))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  process.env.INTERNAL_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})

afterAll(async () => {
  delete process.env.INTERNAL_API_URL
  await new Promise((resolve) => server.close(resolve))
})

function load(path: string) {
  return loader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as never)
}

describe('generic content page loader', () => {
  it("looks the page up by its name: '/Some/Page/' -> 'some/page'", async () => {
    const result = await load('/Some/Page/')
    expect(requested.at(-1)).toBe('/api/pages/some%2Fpage')
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
})
