import { FAQ_CATEGORIES, FAQ_MESSAGES, type Faq, type FaqAdminItem } from '@signalway/shared/faqs'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, expectAdminOnly, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

async function adminHeaders(app: FastifyInstance) {
  return bearer(await tokenFor(app, await createAdmin(app)))
}

const QUESTION = {
  question: 'Do you hire on weekends?',
  answer: 'Yes: call us **any day**, or use [Get a Quote](/get-a-quote/).',
  category: 'Hiring and bookings',
}

async function publicFaqs(app: FastifyInstance): Promise<Faq[]> {
  return (await app.inject({ method: 'GET', url: '/api/faqs' })).json()
}

async function adminFaqs(app: FastifyInstance, headers: Record<string, string>): Promise<FaqAdminItem[]> {
  return (await app.inject({ method: 'GET', url: '/api/admin/faqs', headers })).json()
}

function questionsOf(faqs: { question: string; category: string }[], category: string): string[] {
  return faqs.filter((faq) => faq.category === category).map((faq) => faq.question)
}

describe.each(DIALECTS)('the FAQ kept by staff on %s', (dialect) => {
  it('answers 401 to anonymous callers and 403 to types 1 and 2 on every FAQ call', async () => {
    const { app } = await buildTestApp({ dialect })
    const calls = [
      { method: 'GET', url: '/api/admin/faqs' },
      { method: 'GET', url: '/api/admin/faqs/1' },
      { method: 'POST', url: '/api/admin/faqs', payload: QUESTION },
      { method: 'PUT', url: '/api/admin/faqs/1', payload: { ...QUESTION, version: 1 } },
      { method: 'POST', url: '/api/admin/faqs/1/move', payload: { direction: 'down' } },
      { method: 'DELETE', url: '/api/admin/faqs/1?version=1' },
    ] as const
    await expectAdminOnly(app, calls)
    // Nothing changed.
    expect((await publicFaqs(app)).map((faq) => faq.question)).not.toContain(QUESTION.question)
  })

  it('starts from the questions the site shipped with, by category in the page order, answers rendered', async () => {
    const { app } = await buildTestApp({ dialect })
    const faqs = await publicFaqs(app)
    expect(faqs.length).toBeGreaterThanOrEqual(12)
    const ranks = faqs.map((faq) => FAQ_CATEGORIES.indexOf(faq.category))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    const hire = faqs.find((faq) => faq.slug === 'how-to-hire')
    expect(hire?.question).toBe('How do I hire equipment?')
    expect(hire?.html).toContain('<a href="/get-a-quote/">Get a Quote</a>')
    expect(hire?.text).toMatch(/^Request a quote online through our Get a Quote page, or call us/)
    expect(hire?.text).not.toContain('<')
  })

  it('adds a question last in its category, renders its Markdown inert, and audits it', async () => {
    const { app } = await buildTestApp({ dialect })
    const db = app.db
    const headers = await adminHeaders(app)
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/faqs',
      headers,
      payload: {
        ...QUESTION,
        answer: `${QUESTION.answer}\n\n<script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))`,
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const faq = created.json<FaqAdminItem>()
    expect(faq).toMatchObject({
      slug: 'do-you-hire-on-weekends',
      version: 1,
      category: 'Hiring and bookings',
    })

    const shown = (await publicFaqs(app)).find((candidate) => candidate.id === faq.id)
    expect(questionsOf(await publicFaqs(app), QUESTION.category).at(-1)).toBe(QUESTION.question)
    expect(shown?.html).toContain('<strong>any day</strong>')
    expect(shown?.html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript:/i)
    expect(shown?.html).toContain('&lt;script&gt;')

    // The same question again gets an anchor of its own.
    const again = await app.inject({ method: 'POST', url: '/api/admin/faqs', headers, payload: QUESTION })
    expect(again.json()).toMatchObject({ slug: 'do-you-hire-on-weekends-2' })

    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'after'])
      .where('target_type', '=', 'faq')
      .execute()
    expect(audit.map((entry) => entry.action)).toEqual(['faq.create', 'faq.create'])
    expect(JSON.parse(String(audit[0]?.after))).toMatchObject({ question: QUESTION.question })
  })

  it('refuses an empty question, a missing answer and an unknown category with the field named', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const cases = [
      [{ ...QUESTION, question: '  ' }, 'question', FAQ_MESSAGES.questionRequired],
      [{ ...QUESTION, answer: '' }, 'answer', FAQ_MESSAGES.answerRequired],
      [{ ...QUESTION, category: 'Weather' }, 'category', FAQ_MESSAGES.categoryRequired],
      [{ ...QUESTION, question: 'x'.repeat(201) }, 'question', FAQ_MESSAGES.questionTooLong],
    ] as const
    for (const [payload, field, message] of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/admin/faqs', headers, payload })
      expect(response.statusCode, field).toBe(400)
      expect(JSON.stringify(response.json().ModelState), field).toContain(message)
    }
  })

  it('moves a question up and down within its category; the first cannot go higher', async () => {
    const { app } = await buildTestApp({ dialect })
    const db = app.db
    const headers = await adminHeaders(app)
    const category = 'Delivery and collection'
    const before = questionsOf(await adminFaqs(app, headers), category)
    expect(before.length).toBeGreaterThanOrEqual(3)
    const faqs = await adminFaqs(app, headers)
    const second = faqs.filter((faq) => faq.category === category)[1] as FaqAdminItem

    const up = await app.inject({
      method: 'POST',
      url: `/api/admin/faqs/${second.id}/move`,
      headers,
      payload: { direction: 'up' },
    })
    expect(up.statusCode, up.body).toBe(200)
    const moved = [before[1], before[0], ...before.slice(2)]
    expect(questionsOf(up.json(), category)).toEqual(moved)
    expect(questionsOf(await publicFaqs(app), category)).toEqual(moved)
    // Other categories keep their order.
    expect(questionsOf(await publicFaqs(app), 'Hiring and bookings')).toEqual(
      questionsOf(faqs, 'Hiring and bookings'),
    )

    // Now first: up again changes nothing; down puts it back.
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/faqs/${second.id}/move`,
      headers,
      payload: { direction: 'up' },
    })
    expect(questionsOf(again.json(), category)).toEqual(moved)
    const down = await app.inject({
      method: 'POST',
      url: `/api/admin/faqs/${second.id}/move`,
      headers,
      payload: { direction: 'down' },
    })
    expect(questionsOf(down.json(), category)).toEqual(before)

    const moves = await db.selectFrom('audit_log').select('action').where('action', '=', 'faq.move').execute()
    expect(moves).toHaveLength(2)
    const bad = await app.inject({
      method: 'POST',
      url: `/api/admin/faqs/${second.id}/move`,
      headers,
      payload: { direction: 'sideways' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('refuses a save or a delete from an older copy (409), keeps the anchor, and moves a recategorised question last', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const faq = (await adminFaqs(app, headers)).find((candidate) => candidate.slug === 'how-to-hire')
    if (!faq) throw new Error('the shipped question is missing')

    const first = await app.inject({
      method: 'PUT',
      url: `/api/admin/faqs/${faq.id}`,
      headers,
      payload: {
        question: 'How do I hire traffic equipment?',
        answer: faq.answer,
        category: 'Accounts and payment',
        version: faq.version,
      },
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ slug: 'how-to-hire', version: faq.version + 1 })
    expect(questionsOf(await publicFaqs(app), 'Accounts and payment').at(-1)).toBe(
      'How do I hire traffic equipment?',
    )

    const stale = await app.inject({
      method: 'PUT',
      url: `/api/admin/faqs/${faq.id}`,
      headers,
      payload: { ...QUESTION, version: faq.version },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(FAQ_MESSAGES.conflict)

    const staleDelete = await app.inject({
      method: 'DELETE',
      url: `/api/admin/faqs/${faq.id}?version=${faq.version}`,
      headers,
    })
    expect(staleDelete.statusCode).toBe(409)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/admin/faqs/${faq.id}?version=${faq.version + 1}`,
      headers,
    })
    expect(deleted.statusCode).toBe(204)
    expect((await publicFaqs(app)).some((candidate) => candidate.id === faq.id)).toBe(false)
    const gone = await app.inject({ method: 'GET', url: `/api/admin/faqs/${faq.id}`, headers })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().Message).toBe(FAQ_MESSAGES.notFound)
  })
})
