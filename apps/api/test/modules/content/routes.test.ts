import { describe, expect, it } from 'vitest'
import { createNewsItem, createPage } from '../../../src/seed/factories.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

describe.each(DIALECTS)('content on %s', (dialect) => {
  it('answers GET /api/pages/:name with the page', async () => {
    const { app } = await buildTestApp({ dialect })
    const response = await app.inject({ method: 'GET', url: '/api/pages/privacy-policy' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      name: 'privacy-policy',
      title: 'Privacy Policy',
      description: expect.any(String),
      content: expect.stringContaining('\n\n'),
      // Publishing (ADR 022): the content rendered from Markdown, and when staff last saved it (never, here).
      html: expect.stringContaining('<h2>1. Who we are</h2>'),
      updatedAt: null,
    })
  })

  it('matches page names case-insensitively, and nested names given with an encoded slash', async () => {
    const { app } = await buildTestApp({ dialect })
    await createPage(app.db, { name: 'resources/safety', title: 'Safety' })
    expect((await app.inject({ method: 'GET', url: '/api/pages/VMS-Repairs' })).json()).toMatchObject({
      name: 'vms-repairs',
    })
    expect((await app.inject({ method: 'GET', url: '/api/pages/resources%2Fsafety' })).json()).toMatchObject({
      title: 'Safety',
    })
  })

  it('answers an unknown page with 404 Page Not Found', async () => {
    const { app } = await buildTestApp({ dialect })
    const response = await app.inject({ method: 'GET', url: '/api/pages/no-such-page' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ Message: 'Page Not Found', requestId: expect.any(String) })
  })

  it('lists the news newest first', async () => {
    const { app } = await buildTestApp({ dialect, env: { SEED_DEMO: '0' } })
    await createNewsItem(app.db, { slug: 'older', published_at: '2025-04-01T00:00:00.000Z', title: 'Older' })
    await createNewsItem(app.db, {
      slug: 'newest',
      published_at: '2026-03-01T00:00:00.000Z',
      title: 'Newest',
    })
    await createNewsItem(app.db, {
      slug: 'middle',
      published_at: '2025-10-01T00:00:00.000Z',
      title: 'Middle',
    })
    const response = await app.inject({ method: 'GET', url: '/api/news' })
    expect(response.statusCode).toBe(200)
    const news = response.json()
    expect(news.map((item: { slug: string }) => item.slug)).toEqual(['newest', 'middle', 'older'])
    expect(news[0]).toEqual({
      id: expect.any(Number),
      slug: 'newest',
      date: '2026-03-01T00:00:00.000Z',
      title: 'Newest',
      image: '/images/news/newest.svg',
      text: 'Something happened.',
      // Publishing (ADR 022): the rendered body and the image's description and size ('' and null for an item without).
      html: '',
      imageAlt: '',
      imageWidth: null,
      imageHeight: null,
    })
  })

  it('answers GET /api/news/:slug with the published item as the list has it; a draft or unknown slug is 404', async () => {
    const { app } = await buildTestApp({ dialect, env: { SEED_DEMO: '0' } })
    await createNewsItem(app.db, { slug: 'solar-boards', title: 'Solar boards', body: 'Now **solar**.' })
    await createNewsItem(app.db, { slug: 'not-yet', title: 'Not yet', status: 'draft' })
    const response = await app.inject({ method: 'GET', url: '/api/news/solar-boards' })
    expect(response.statusCode).toBe(200)
    const listed = (await app.inject({ method: 'GET', url: '/api/news' })).json()
    expect(response.json()).toEqual(listed.find((item: { slug: string }) => item.slug === 'solar-boards'))
    expect(response.json().html).toBe('<p>Now <strong>solar</strong>.</p>\n')
    for (const slug of ['not-yet', 'no-such-item', 'Solar-Boards', 'solar-boards-2']) {
      const missing = await app.inject({ method: 'GET', url: `/api/news/${slug}` })
      expect(missing.statusCode, slug).toBe(404)
    }
    // A draft's answer is an unknown slug's: it says nothing of what is being written.
    const draft = await app.inject({ method: 'GET', url: '/api/news/not-yet' })
    const unknown = await app.inject({ method: 'GET', url: '/api/news/no-such-item' })
    expect(draft.json()).toEqual({ ...unknown.json(), requestId: expect.any(String) })
    expect(draft.json().Message).toBe('News item not found.')
  })

  it('serves the seeded demo news, dated 2025 to 2026', async () => {
    const { app } = await buildTestApp({ dialect })
    const news = (await app.inject({ method: 'GET', url: '/api/news' })).json() as {
      date: string
      image: string
    }[]
    expect(news.length).toBeGreaterThanOrEqual(4)
    for (const item of news) {
      expect(item.date).toMatch(/^202[56]-/)
      expect(item.image).toMatch(/^\/images\/news\/[a-z0-9-]+\.svg$/)
    }
  })
})
