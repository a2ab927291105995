import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { readContentVersion } from '../../../src/modules/content/content-version-repository.ts'
import { bearer, createAdmin, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

/*
 * The content-changed event (docs/decisions/038-content-changed-event.md): a committed change to what the
 * public sees empties this instance's page cache at once and raises the content version, which every other
 * instance follows; a change that saves nothing public, or is rolled back, raises nothing.
 */

type Headers = Record<string, string>

async function adminHeaders(app: FastifyInstance): Promise<Headers> {
  return bearer(await tokenFor(app, await createAdmin(app)))
}

function news(overrides: Record<string, unknown> = {}) {
  return {
    title: 'New VMS boards in Brisbane',
    slug: '',
    date: '2026-11-20',
    summary: 'Ten new VMS boards at our Brisbane depot.',
    body: 'Call us to book.',
    image: '/images/news/solar-vms-fleet-upgrade.svg',
    imageAlt: 'Three VMS boards in a row',
    status: 'published',
    ...overrides,
  }
}

const QUESTION = { question: 'Do you hire on weekends?', answer: 'Yes.', category: 'Hiring and bookings' }
const PAGE = { title: 'Hire Rates', description: 'Our hire rates.', content: 'Call us for **rates**.' }

/** Calls the API and expects a 2xx answer, whose JSON it returns. */
async function call(app: FastifyInstance, method: string, url: string, headers: Headers, payload?: unknown) {
  const response = await app.inject({ method: method as 'GET', url, headers, payload: payload as object })
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300)
  return response.statusCode === 204 ? null : response.json()
}

/** How often this instance's page cache was emptied, and the content version, as a change is made. */
function watch(app: FastifyInstance) {
  expect(app.pageCache).toBeDefined()
  const cleared = vi.spyOn(app.pageCache as { clear(): void }, 'clear')
  return {
    cleared: () => cleared.mock.calls.length,
    version: () => readContentVersion(app.db),
  }
}

/** Saves the privacy policy (a built-in page: never saved before on a fresh database). */
async function savePrivacyPolicy(app: FastifyInstance, headers: Headers) {
  const page = await call(app, 'GET', '/api/admin/pages/privacy-policy', headers)
  return call(app, 'PUT', '/api/admin/pages/privacy-policy', headers, { ...PAGE, version: page.version })
}

/** A first question of its category that is not also the last, so that it can move down. */
async function movableQuestion(app: FastifyInstance, headers: Headers): Promise<{ id: number }> {
  const faqs = (await call(app, 'GET', '/api/admin/faqs', headers)) as { id: number; category: string }[]
  const first = faqs.find(
    (faq, index) =>
      faqs.findIndex((other) => other.category === faq.category) === index &&
      faqs.some((other) => other.category === faq.category && other.id !== faq.id),
  )
  if (!first) throw new Error('no category with two questions')
  return first
}

describe.each(DIALECTS)('the content-changed event on %s', (dialect) => {
  it('empties the page cache here at once and raises the content version by one, for every kind of change', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const draft = await call(
      app,
      'POST',
      '/api/admin/news',
      headers,
      news({ slug: 'draft', status: 'draft' }),
    )
    const changes: [string, () => Promise<unknown>][] = [
      ['publishing a new news item', () => call(app, 'POST', '/api/admin/news', headers, news())],
      [
        'publishing a draft',
        () => call(app, 'PUT', `/api/admin/news/${draft.id}`, headers, news({ slug: 'draft', version: 1 })),
      ],
      [
        'unpublishing it',
        () =>
          call(
            app,
            'PUT',
            `/api/admin/news/${draft.id}`,
            headers,
            news({ slug: 'draft', status: 'draft', version: 2 }),
          ),
      ],
      [
        'creating a page',
        () => call(app, 'POST', '/api/admin/pages', headers, { ...PAGE, name: 'hire-rates' }),
      ],
      [
        'saving a page',
        () =>
          call(app, 'PUT', '/api/admin/pages/hire-rates', headers, { ...PAGE, title: 'Rates', version: 1 }),
      ],
      ['saving a built-in page for the first time', () => savePrivacyPolicy(app, headers)],
      ['adding a question', () => call(app, 'POST', '/api/admin/faqs', headers, QUESTION)],
      [
        'saving a question',
        async () => {
          const faqs = (await call(app, 'GET', '/api/admin/faqs', headers)) as {
            id: number
            question: string
          }[]
          const added = faqs.find((faq) => faq.question === QUESTION.question)
          return call(app, 'PUT', `/api/admin/faqs/${added?.id}`, headers, {
            ...QUESTION,
            answer: 'No.',
            version: 1,
          })
        },
      ],
      [
        'moving a question',
        async () => {
          const { id } = await movableQuestion(app, headers)
          return call(app, 'POST', `/api/admin/faqs/${id}/move`, headers, { direction: 'down' })
        },
      ],
      [
        'deleting a question',
        async () => {
          const faqs = (await call(app, 'GET', '/api/admin/faqs', headers)) as {
            id: number
            question: string
          }[]
          const added = faqs.find((faq) => faq.question === QUESTION.question)
          return call(app, 'DELETE', `/api/admin/faqs/${added?.id}?version=2`, headers)
        },
      ],
    ]
    const { cleared, version } = watch(app)
    for (const [change, make] of changes) {
      const [clearedBefore, versionBefore] = [cleared(), await version()]
      await make()
      // Emptied by the time the answer is back, not by the next poll.
      expect(cleared(), change).toBeGreaterThan(clearedBefore)
      expect(await version(), change).toBe(versionBefore + 1)
    }
  })

  it('raises nothing for a save the public does not see: a draft, a question already first, an image upload', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const { cleared, version } = watch(app)
    const versionBefore = await version()

    const draft = await call(
      app,
      'POST',
      '/api/admin/news',
      headers,
      news({ slug: 'draft', status: 'draft' }),
    )
    await call(
      app,
      'PUT',
      `/api/admin/news/${draft.id}`,
      headers,
      news({ slug: 'draft', status: 'draft', version: 1 }),
    )
    const { id } = await movableQuestion(app, headers)
    await call(app, 'POST', `/api/admin/faqs/${id}/move`, headers, { direction: 'up' })
    const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f5a623' } })
      .png()
      .toBuffer()
    await call(app, 'POST', '/api/admin/media', headers, {
      dataUrl: `data:image/png;base64,${image.toString('base64')}`,
    })

    expect(cleared()).toBe(0)
    expect(await version()).toBe(versionBefore)
  })

  it('raises nothing for a change that is rolled back', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const { cleared, version } = watch(app)
    const versionBefore = await version()
    // The audit entry is written in each change's transaction, after the change itself: without its table
    // the change is made, then rolled back.
    await sql`alter table audit_log rename to audit_log_away`.execute(app.db)
    // The guard and the reads do not need it: what fails below is the change's own transaction.
    await call(app, 'GET', '/api/admin/faqs', headers)

    const added = await app.inject({ method: 'POST', url: '/api/admin/faqs', headers, payload: QUESTION })
    expect(added.statusCode).toBe(500)
    const published = await app.inject({ method: 'POST', url: '/api/admin/news', headers, payload: news() })
    expect(published.statusCode).toBe(500)
    const page = await app.inject({
      method: 'POST',
      url: '/api/admin/pages',
      headers,
      payload: { ...PAGE, name: 'hire-rates' },
    })
    expect(page.statusCode).toBe(500)

    await sql`alter table audit_log_away rename to audit_log`.execute(app.db)
    const faqs = (await call(app, 'GET', '/api/faqs', {})) as { question: string }[]
    expect(faqs.map((faq) => faq.question)).not.toContain(QUESTION.question)
    const items = (await call(app, 'GET', '/api/news', {})) as { slug: string }[]
    expect(items.map((item) => item.slug)).not.toContain('new-vms-boards-in-brisbane')
    expect((await app.inject({ method: 'GET', url: '/api/pages/hire-rates' })).statusCode).toBe(404)
    expect(cleared()).toBe(0)
    expect(await version()).toBe(versionBefore)
  })

  it('keeps a committed change when the content version cannot be raised, and still empties the cache here', async () => {
    const lines: string[] = []
    const { app } = await buildTestApp({
      dialect,
      env: { LOG_LEVEL: 'error' },
      build: { logStream: { write: (line) => void lines.push(line) } },
    })
    const headers = await adminHeaders(app)
    const { cleared } = watch(app)
    await sql`alter table site_state rename to site_state_away`.execute(app.db)
    try {
      const created = await app.inject({ method: 'POST', url: '/api/admin/faqs', headers, payload: QUESTION })
      expect(created.statusCode, created.body).toBe(201)
    } finally {
      await sql`alter table site_state_away rename to site_state`.execute(app.db)
    }
    expect(cleared()).toBe(1)
    const faqs = (await call(app, 'GET', '/api/faqs', {})) as { question: string }[]
    expect(faqs.map((faq) => faq.question)).toContain(QUESTION.question)
    expect(lines.join('\n')).toContain('content version could not be raised')
  })

  it("empties another instance's page cache after its poll when a page is saved here", async () => {
    const one = await buildTestApp({ dialect })
    const two = await buildTestApp({ dialect, database: one.database })
    const here = watch(one.app)
    const there = watch(two.app)
    const headers = await adminHeaders(one.app)
    await savePrivacyPolicy(one.app, headers)
    expect(here.cleared()).toBeGreaterThan(0)
    expect(await there.version()).toBe(await here.version())
    await vi.waitFor(() => expect(there.cleared()).toBeGreaterThan(0), { timeout: 5000, interval: 100 })
  })
})
