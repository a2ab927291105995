import { PAGE_MESSAGES, PUBLISHING_MESSAGES } from '@signalway/shared/publishing'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { bearer, createAdmin, expectAdminOnly, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

/** A photo-like image of the given size and format, as a data URL. */
async function imageDataUrl(format: 'png' | 'jpeg' | 'webp', width = 1200, height = 800): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#f5a623' } })
    .toFormat(format)
    .toBuffer()
  return `data:image/${format};base64,${bytes.toString('base64')}`
}

async function adminHeaders(app: FastifyInstance) {
  return bearer(await tokenFor(app, await createAdmin(app)))
}

async function upload(app: FastifyInstance, headers: Record<string, string>, dataUrl: string) {
  return app.inject({ method: 'POST', url: '/api/admin/media', headers, payload: { dataUrl } })
}

function newsBody(image: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'New VMS boards in Brisbane',
    slug: '',
    date: '2026-11-20',
    summary: 'Ten new VMS boards at our Brisbane depot.',
    body: '## Available now\n\nCall **1300 000 000** to book.',
    image,
    imageAlt: 'Three VMS boards in a row',
    status: 'published',
    ...overrides,
  }
}

describe.each(DIALECTS)('publishing news on %s', (dialect) => {
  it('answers 401 to anonymous callers and 403 to types 1 and 2 on every publishing call', async () => {
    const { app } = await buildTestApp({ dialect })
    const calls = [
      { method: 'GET', url: '/api/admin/news' },
      { method: 'GET', url: '/api/admin/news/1' },
      { method: 'POST', url: '/api/admin/news', payload: newsBody('/images/news/x.svg') },
      { method: 'PUT', url: '/api/admin/news/1', payload: newsBody('/images/news/x.svg', { version: 1 }) },
      { method: 'POST', url: '/api/admin/media', payload: { dataUrl: 'data:image/png;base64,AAAA' } },
      { method: 'POST', url: '/api/admin/markdown-preview', payload: { markdown: 'Hi' } },
      { method: 'GET', url: '/api/admin/pages' },
      { method: 'GET', url: '/api/admin/pages/careers' },
      {
        method: 'POST',
        url: '/api/admin/pages',
        payload: { name: 'x', title: 'x', description: 'x', content: '' },
      },
      {
        method: 'PUT',
        url: '/api/admin/pages/careers',
        payload: { title: 'x', description: 'x', content: '', version: 1 },
      },
    ] as const
    await expectAdminOnly(app, calls)
  })

  it('publishes an item with an uploaded image: on GET /api/news with the rendered body and the image size', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const uploaded = await upload(app, headers, await imageDataUrl('jpeg'))
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const image = uploaded.json()
    expect(image).toMatchObject({ width: 800, height: 450 })
    expect(image.image).toMatch(/^\/api\/media\/[0-9a-f]{32}-800\.webp$/)

    // Re-encoded at both sizes, as WebP, with the size it claims.
    for (const width of [400, 800]) {
      const served = await app.inject({ method: 'GET', url: image.image.replace('-800', `-${width}`) })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toContain('immutable')
      const meta = await sharp(served.rawPayload).metadata()
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 9) / 16 })
    }

    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers,
      payload: newsBody(image.image),
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      slug: 'new-vms-boards-in-brisbane',
      version: 1,
      status: 'published',
    })

    const news = (await app.inject({ method: 'GET', url: '/api/news' })).json()
    const item = news.find((candidate: { slug: string }) => candidate.slug === 'new-vms-boards-in-brisbane')
    expect(item).toMatchObject({
      title: 'New VMS boards in Brisbane',
      text: 'Ten new VMS boards at our Brisbane depot.',
      image: image.image,
      imageAlt: 'Three VMS boards in a row',
      imageWidth: 800,
      imageHeight: 450,
    })
    // '##' is h2 under the page's title; a '#' would be h2 too (the title is the page's only h1).
    expect(item.html).toContain('<h2>Available now</h2>')
    expect(item.html).toContain('<strong>1300 000 000</strong>')
  })

  it('keeps drafts off the public list until they are published', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const payload = newsBody('/images/news/solar-vms-fleet-upgrade.svg', { status: 'draft', slug: 'a-draft' })
    const created = await app.inject({ method: 'POST', url: '/api/admin/news', headers, payload })
    expect(created.statusCode, created.body).toBe(201)
    const slugs = async () =>
      (await app.inject({ method: 'GET', url: '/api/news' }))
        .json()
        .map((item: { slug: string }) => item.slug)
    expect(await slugs()).not.toContain('a-draft')
    const listed = (await app.inject({ method: 'GET', url: '/api/admin/news', headers })).json()
    expect(listed.find((item: { slug: string }) => item.slug === 'a-draft')).toMatchObject({
      status: 'draft',
    })

    const { id, version } = created.json()
    const published = await app.inject({
      method: 'PUT',
      url: `/api/admin/news/${id}`,
      headers,
      payload: { ...payload, status: 'published', version },
    })
    expect(published.statusCode, published.body).toBe(200)
    expect(await slugs()).toContain('a-draft')
  })

  it('renders script tags, event handlers and javascript: links in Markdown inert', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const markdown = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '![x](javascript:alert(4))',
      '<a href="#" onclick="alert(5)">hi</a>',
      '[ok](https://example.com/)',
    ].join('\n\n')
    const payload = newsBody('/images/news/solar-vms-fleet-upgrade.svg', { body: markdown, slug: 'xss' })
    expect((await app.inject({ method: 'POST', url: '/api/admin/news', headers, payload })).statusCode).toBe(
      201,
    )
    const item = (await app.inject({ method: 'GET', url: '/api/news' }))
      .json()
      .find((candidate: { slug: string }) => candidate.slug === 'xss')
    for (const html of [
      item.html,
      (
        await app.inject({
          method: 'POST',
          url: '/api/admin/markdown-preview',
          headers,
          payload: { markdown },
        })
      ).json().html,
    ]) {
      expect(html).not.toMatch(/<script/i)
      expect(html).not.toMatch(/<img[^>]*onerror/i)
      expect(html).not.toMatch(/<a[^>]*onclick/i)
      expect(html).not.toMatch(/href="javascript:/i)
      expect(html).not.toMatch(/src="javascript:/i)
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(html).toContain('<a href="https://example.com/" rel="noopener noreferrer">ok</a>')
    }
  })

  it('refuses a renamed non-image, a tiny image and an animation, told by their bytes', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const text = `data:image/png;base64,${Buffer.from('%PDF-1.7 not a picture at all').toString('base64')}`
    const renamed = await upload(app, headers, text)
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json().ModelState).toEqual({ image: [PUBLISHING_MESSAGES.imageNotSupported] })

    const svg = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><script>alert(1)</script></svg>').toString('base64')}`
    expect((await upload(app, headers, svg)).json().ModelState).toEqual({
      image: [PUBLISHING_MESSAGES.imageNotSupported],
    })

    const gif = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    const gifResponse = await upload(app, headers, `data:image/gif;base64,${gif.toString('base64')}`)
    expect(gifResponse.json().ModelState).toEqual({ image: [PUBLISHING_MESSAGES.imageNotSupported] })

    const small = await upload(app, headers, await imageDataUrl('png', 640, 480))
    expect(small.statusCode).toBe(400)
    expect(small.json().ModelState).toEqual({ image: [PUBLISHING_MESSAGES.imageTooSmall] })

    // PNG and WebP are taken like JPEG.
    for (const format of ['png', 'webp'] as const) {
      expect((await upload(app, headers, await imageDataUrl(format))).statusCode, format).toBe(201)
    }
    // An image path that was never uploaded is refused on save.
    const payload = newsBody(`/api/media/${'a'.repeat(32)}-800.webp`)
    const unknown = await app.inject({ method: 'POST', url: '/api/admin/news', headers, payload })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().ModelState).toEqual({ image: [PUBLISHING_MESSAGES.imageInvalid] })
  })

  it('refuses the second of two saves made from the same version, and a slug already used', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const other = await adminHeaders(app)
    const payload = newsBody('/images/news/solar-vms-fleet-upgrade.svg', { status: 'draft' })
    const created = (await app.inject({ method: 'POST', url: '/api/admin/news', headers, payload })).json()

    const first = await app.inject({
      method: 'PUT',
      url: `/api/admin/news/${created.id}`,
      headers,
      payload: { ...payload, title: 'First title', slug: created.slug, version: created.version },
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().version).toBe(2)
    const second = await app.inject({
      method: 'PUT',
      url: `/api/admin/news/${created.id}`,
      headers: other,
      payload: { ...payload, title: 'Second title', slug: created.slug, version: created.version },
    })
    expect(second.statusCode).toBe(409)
    expect(second.json().Message).toBe(PUBLISHING_MESSAGES.conflict)
    const stored = (await app.inject({ method: 'GET', url: `/api/admin/news/${created.id}`, headers })).json()
    expect(stored.title).toBe('First title')

    const taken = await app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers,
      payload: { ...payload, slug: created.slug },
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().ModelState).toEqual({ slug: [PUBLISHING_MESSAGES.slugTaken] })
    const badSlug = await app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers,
      payload: { ...payload, slug: 'Not A Slug!' },
    })
    expect(badSlug.json().ModelState).toEqual({ slug: [PUBLISHING_MESSAGES.slugInvalid] })
  })

  it('writes every change to the audit log', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const payload = newsBody('/images/news/solar-vms-fleet-upgrade.svg', { status: 'draft' })
    const created = (await app.inject({ method: 'POST', url: '/api/admin/news', headers, payload })).json()
    await app.inject({
      method: 'PUT',
      url: `/api/admin/news/${created.id}`,
      headers,
      payload: { ...payload, status: 'published', version: 1 },
    })
    const entries = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'news')
      .where('target_id', '=', String(created.id))
      .orderBy('id')
      .execute()
    expect(entries.map((entry) => entry.action)).toEqual(['news.create', 'news.update'])
    expect(JSON.parse(entries[1]?.before ?? '{}')).toMatchObject({ status: 'draft' })
    expect(JSON.parse(entries[1]?.after ?? '{}')).toMatchObject({ status: 'published' })
  })

  it("empties every instance's page cache within five seconds of a publish", async () => {
    const one = await buildTestApp({ dialect })
    const two = await buildTestApp({ dialect, database: one.database })
    expect(two.app.pageCache).toBeDefined()
    const cleared = vi.spyOn(two.app.pageCache as { clear(): void }, 'clear')
    const headers = await adminHeaders(one.app)
    const payload = newsBody('/images/news/solar-vms-fleet-upgrade.svg')
    expect(
      (await one.app.inject({ method: 'POST', url: '/api/admin/news', headers, payload })).statusCode,
    ).toBe(201)
    await vi.waitFor(() => expect(cleared).toHaveBeenCalled(), { timeout: 5000, interval: 100 })
  })

  it('edits the privacy policy: the shipped text until saved, then the saved Markdown on the public page', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const listed = (await app.inject({ method: 'GET', url: '/api/admin/pages', headers })).json()
    expect(listed.find((page: { name: string }) => page.name === 'privacy-policy')).toMatchObject({
      builtIn: true,
      updatedAt: null,
    })
    const page = (await app.inject({ method: 'GET', url: '/api/admin/pages/privacy-policy', headers })).json()
    expect(page.content).toContain('## 1. Who we are')
    const content = `${page.content}\n\n## 14. Changes\n\nWe tell you of changes <script>alert(1)</script>.`
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/pages/privacy-policy',
      headers,
      payload: { title: page.title, description: page.description, content, version: page.version },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().version).toBe(page.version + 1)
    const shown = (await app.inject({ method: 'GET', url: '/api/pages/privacy-policy' })).json()
    expect(shown.updatedAt).not.toBeNull()
    expect(shown.html).toContain('<h2>14. Changes</h2>')
    expect(shown.html).toContain('&lt;script&gt;')
    expect(shown.html).not.toMatch(/<script/i)

    const stale = await app.inject({
      method: 'PUT',
      url: '/api/admin/pages/privacy-policy',
      headers,
      payload: { title: 'Old copy', description: page.description, content: '', version: page.version },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(PAGE_MESSAGES.conflict)
  })

  it('creates a page at a free address, listed for the sitemap, and refuses one the site uses or a page has', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const page = { title: 'Hire Rates', description: 'Our hire rates.', content: 'Call us for **rates**.' }
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/pages',
      headers,
      payload: { ...page, name: 'resources/hire-rates' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const shown = (await app.inject({ method: 'GET', url: '/api/pages/resources%2Fhire-rates' })).json()
    expect(shown.html).toBe('<p>Call us for <strong>rates</strong>.</p>\n')
    // Listed for the sitemap with the time it was saved.
    const listed = (await app.inject({ method: 'GET', url: '/api/pages' })).json()
    expect(listed).toContainEqual({ name: 'resources/hire-rates', updatedAt: expect.any(String) })
    for (const [name, message] of [
      ['resources/hire-rates', PAGE_MESSAGES.nameTaken],
      ['privacy-policy', PAGE_MESSAGES.nameTaken],
      ['news/extra', PAGE_MESSAGES.nameReserved],
      ['Not OK', PAGE_MESSAGES.nameInvalid],
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/admin/pages',
        headers,
        payload: { ...page, name },
      })
      expect(refused.statusCode, name).toBe(400)
      expect(refused.json().ModelState, name).toEqual({ name: [message] })
    }
  })
})
