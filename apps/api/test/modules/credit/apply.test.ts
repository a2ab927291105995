import { createHash } from 'node:crypto'
import { CUSTOMER_TYPES, type CustomerType } from '@signalway/shared/constants'
import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../src/modules/credit/digest.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { markEmailConfirmed } from '../../../src/modules/users/repository.ts'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { creditApplicationFixture, trustDeedPdf } from '../../helpers/credit.ts'
import { apply, copy, pdfPages, pdfText, signaturesOf, storedCounts } from './helpers.ts'

const HEADINGS: Record<CustomerType, string> = {
  0: 'Director Details',
  1: 'Director Details',
  2: 'Partner Details',
  3: 'Sole Trader Details',
  4: 'Director Details',
}

describe.each(DIALECTS)('POST /api/apply-for-credit on %s', (dialect) => {
  it('answers the signed PDF as an attachment named credit-application.pdf', async () => {
    const { app } = await buildTestApp({ dialect })
    const response = await apply(app, await creditApplicationFixture(0))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe('attachment; filename="credit-application.pdf"')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-application-reference']).toMatch(/^CA-\d{4}-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.byteLength)
  })

  it.each(CUSTOMER_TYPES)('accepts a complete application of a $label', async ({ value, label }) => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(value)
    const response = await apply(app, payload)
    expect(response.statusCode, response.body).toBe(200)
    const text = await pdfText(response.rawPayload)
    expect(text).toContain(label)
    expect(text).toContain(HEADINGS[value])
    expect(text.includes('Guarantee and Indemnity')).toBe(value === 0)
    expect(text.includes('TRUST DEED PAGE 1')).toBe(value === 4)
    // The business's copy and the receipt; a Pty Ltd's two guarantors are each sent their copy too.
    expect(await storedCounts(app)).toMatchObject({ applications: 1, outbox: value === 0 ? 4 : 2 })
  })

  it('prints every value typed, the ten clauses, signatures and guarantee, and page numbers', async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(0, { persons: 3 })
    payload.section1.fax = '03 5550 4444'
    payload.section1.postalAddress = {
      fullAddress: '',
      unitNumber: '',
      streetNumber: 'PO Box 88',
      streetName: 'Lonsdale Street',
      city: 'Melbourne',
      state: 'VIC',
      postcode: '3000',
    }
    payload.section3.sendBy = 2
    const response = await apply(app, payload)
    expect(response.statusCode, response.body).toBe(200)
    const pages = await pdfPages(response.rawPayload)
    const text = pages.join('\n')

    const s1 = payload.section1
    for (const value of [
      'Application for Credit Account',
      'Signalway Traffic Hire',
      response.headers['x-application-reference'] as string,
      s1.personCompletingTheApplication,
      s1.position,
      'Pty Ltd Company',
      s1.fullNameOfCustomer,
      s1.businessName,
      '004 085 616',
      '51 824 753 556',
      s1.phone,
      '03 5550 4444',
      s1.email,
      s1.customerTradingLength,
      '4/12 Quarry Road, Dandenong South VIC 3175',
      'PO Box 88 Lonsdale Street, Melbourne VIC 3000',
      'Accounts Payable Contact',
      payload.section3.name,
      payload.section3.phone,
      payload.section3.email,
      'Post',
    ]) {
      expect(text, value).toContain(value)
    }
    for (const person of payload.section2.persons) {
      expect(text).toContain(person.name)
      expect(text).toContain(person.email)
      expect(text).toContain(person.phone)
      expect(text).toContain(person.driversLicence)
      expect(text).toContain(`${person.address.streetNumber} Hill Street, Frankston VIC 3199`)
    }
    for (const title of ['Definitions and interpretation', 'Tolls, fines and infringements', '10. General']) {
      expect(text).toContain(title)
    }
    expect(text).toContain('toll administration fee of 25% plus GST')
    expect(text).toContain('jointly and severally guarantee')
    expect(text).toContain('Director 3: Liam O’Connor')
    // Six signature blocks: three as director, three as guarantor.
    expect(text.match(/Signed electronically/gu)).toHaveLength(6)
    expect(text.match(/Guarantor · Signed electronically/gu)).toHaveLength(3)
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`)
    })
    expect(pages.at(-1)).toContain('Signing record')
  })

  it('appends the pages of the trust deed before the signing record', async () => {
    const { app } = await buildTestApp({ dialect })
    const deed = await trustDeedPdf(3)
    const payload = await creditApplicationFixture(4, { trustDeed: deed })
    const response = await apply(app, payload)
    expect(response.statusCode, response.body).toBe(200)
    const pages = await pdfPages(response.rawPayload)
    const deedPages = pages.flatMap((page, index) => (page.includes('TRUST DEED PAGE') ? [index] : []))
    expect(deedPages).toHaveLength(3)
    expect(deedPages.at(-1)).toBe(pages.length - 2)
    expect(pages[deedPages[0] ?? 0]).toContain('TRUST DEED PAGE 1')
    expect(pages[deedPages[0] ?? 0]).toContain(`Page ${(deedPages[0] ?? 0) + 1} of ${pages.length}`)
    expect(pages.at(-1)).toContain('Signing record')
    expect(pages.at(-1)).toContain(createHash('sha256').update(deed).digest('hex'))

    // The deed is stored as uploaded.
    const row = await app.db.selectFrom('credit_applications').selectAll().executeTakeFirstOrThrow()
    const file = await app.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', row.trust_deed_file_id as string)
      .executeTakeFirstOrThrow()
    expect(Buffer.compare(Buffer.from(file.data), Buffer.from(deed))).toBe(0)
    expect(file).toMatchObject({ name: 'trust-deed.pdf', content_type: 'application/pdf' })
  })

  it("emails the applicant a copy without the trust deed's pages; the business's copy has them", async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(4, { trustDeed: await trustDeedPdf(3) })
    // Sent from an account whose confirmed address is the applicant's: its copy is attached.
    const account = await createUser(app, { email: payload.section1.email })
    await markEmailConfirmed(app.db, account.id, app.clock())
    expect((await apply(app, payload, bearer(await tokenFor(app, account)))).statusCode).toBe(200)
    const mail = await findOutboxMessages(app.db)
    const pdfOf = async (to: string) => {
      const message = mail.find((item) => item.to_address === to)
      const [attachment] = JSON.parse(message?.attachments ?? '[]') as { fileId: string }[]
      const file = await app.db
        .selectFrom('files')
        .select('data')
        .where('id', '=', attachment?.fileId ?? '')
        .executeTakeFirstOrThrow()
      return pdfPages(Buffer.from(file.data))
    }
    const business = await pdfOf(
      mail.find((item) => item.subject.startsWith('Application for credit'))?.to_address ?? '',
    )
    const applicant = await pdfOf(payload.section1.email)
    expect(business.filter((page) => page.includes('TRUST DEED PAGE'))).toHaveLength(3)
    expect(applicant.filter((page) => page.includes('TRUST DEED PAGE'))).toHaveLength(0)
    expect(applicant.length).toBe(business.length - 3)
    expect(applicant.join('\n')).toContain('its pages are not included in your copy')
    expect(applicant.at(-1)).toContain('Signing record')
  })

  it('records the submission: time, IP address, browser and the SHA-256 of the canonical payload', async () => {
    const now = new Date('2026-03-12T04:45:12.000Z')
    const { app } = await buildTestApp({ dialect, build: { clock: () => now } })
    const payload = await creditApplicationFixture(2)
    const response = await apply(app, payload, { 'user-agent': 'Mozilla/5.0 (X11; Linux) Firefox/140.0' })
    expect(response.statusCode, response.body).toBe(200)
    const digest = createHash('sha256').update(canonicalJson(payload)).digest('hex')
    const record = (await pdfPages(response.rawPayload)).at(-1) ?? ''
    expect(record).toContain('2026-03-12T04:45:12.000Z')
    expect(record).toContain('12 March 2026 at 3:45:12 pm AEDT')
    expect(record).toContain('127.0.0.1')
    expect(record).toContain('Mozilla/5.0 (X11; Linux) Firefox/140.0')
    expect(record).toContain(digest)
    expect(record).toContain(response.headers['x-application-reference'] as string)

    const row = await app.db.selectFrom('credit_applications').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      reference: response.headers['x-application-reference'],
      business_name: 'Ellis Civil Works',
      abn: '51 824 753 556',
      abn_digits: '51824753556',
      customer_type: 2,
      applicant_name: 'Morgan Ellis',
      email: 'accounts@elliscivil.example',
      submitted_at: '2026-03-12T04:45:12.000Z',
      ip: '127.0.0.1',
      user_agent: 'Mozilla/5.0 (X11; Linux) Firefox/140.0',
      payload_sha256: digest,
      trust_deed_file_id: null,
    })
    // The same data in another key order gives the same digest.
    const reorder = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reorder)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, item]) => [key, reorder(item)]),
            )
          : value
    const reordered = reorder(payload)
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(payload))
    expect(createHash('sha256').update(canonicalJson(reordered)).digest('hex')).toBe(digest)
  })

  it('stores the application without the blobs, the signature images and the PDF as files', async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(0)
    const response = await apply(app, payload)
    expect(response.statusCode, response.body).toBe(200)
    const row = await app.db.selectFrom('credit_applications').selectAll().executeTakeFirstOrThrow()
    expect(row.payload).not.toContain('base64')
    const stored = JSON.parse(row.payload)
    expect(stored.section1.businessName).toBe('Ellis Civil Works')
    expect(stored.section2.persons).toHaveLength(2)
    expect(stored.section4.signatures).toEqual([
      { id: 'person-1', name: 'Morgan Ellis', fileId: expect.any(String) },
      { id: 'person-2', name: 'Priya Nguyen', fileId: expect.any(String) },
    ])
    expect(stored.section4.guarantors).toHaveLength(2)

    const signature = signaturesOf(payload, 'signatures')[0]
    const file = await app.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', stored.section4.signatures[0].fileId)
      .executeTakeFirstOrThrow()
    expect(file.content_type).toBe('image/png')
    expect(Buffer.from(file.data).toString('base64')).toBe(signature?.specimen.split(',')[1])

    const pdf = await app.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', row.pdf_file_id)
      .executeTakeFirstOrThrow()
    expect(pdf.content_type).toBe('application/pdf')
    expect(Buffer.compare(Buffer.from(pdf.data), response.rawPayload)).toBe(0)
    // 2 signatures, 2 guarantor signatures, the PDF; the business's copy, the receipt and the two guarantors'.
    expect(await storedCounts(app)).toEqual({ applications: 1, files: 5, outbox: 4 })
  })

  it('queues the PDF by email to the accounts address and a copy to the applicant', async () => {
    const { app, config } = await buildTestApp({
      dialect,
      env: { ACCOUNTS_EMAIL: 'credit@signalway.example' },
    })
    const response = await apply(app, await creditApplicationFixture(1))
    expect(response.statusCode, response.body).toBe(200)
    const reference = response.headers['x-application-reference'] as string
    const row = await app.db.selectFrom('credit_applications').selectAll().executeTakeFirstOrThrow()
    const mail = await app.db.selectFrom('outbox').selectAll().orderBy('id').execute()
    expect(config.accountsEmail).toBe('credit@signalway.example')
    expect(mail.map((message) => message.to_address)).toEqual([
      'credit@signalway.example',
      'accounts@elliscivil.example',
    ])
    const attachment = {
      fileId: row.pdf_file_id,
      filename: `credit-application-${reference}.pdf`,
      contentType: 'application/pdf',
    }
    for (const message of mail) expect(message.subject).toContain(reference)
    expect(JSON.parse(mail[0]?.attachments ?? '')).toEqual([attachment])
    // The PDF holds what was typed: an address nobody has shown is theirs is not sent it, only told where it is.
    expect(JSON.parse(mail[1]?.attachments ?? '')).toEqual([])
    expect(mail[1]?.text_body).toContain(
      'Please keep the signed application you downloaded when you submitted it.',
    )
    expect(mail[0]?.subject).toBe(`Application for credit: Ellis Civil Works (${reference})`)
    expect(mail[0]?.text_body).toContain('Ellis Civil Works')
    expect(mail[0]?.reply_to).toBe('accounts@elliscivil.example')
    expect(mail[1]?.text_body).toContain(
      'Thank you, your application for credit has been submitted successfully.',
    )
    // The applicant's copy goes to an address typed in the application: it holds nothing typed there.
    expect(mail[1]?.text_body).toContain('ABN: 51 824 753 556')
    for (const typed of ['Ellis', 'elliscivil', 'Director', '03 5550']) {
      expect(`${mail[1]?.subject}\n${mail[1]?.text_body}`).not.toContain(typed)
    }
  })

  it("attaches the applicant's copy for the signed-in account's confirmed address only", async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(1)
    const account = await createUser(app, { email: payload.section1.email })
    const headers = bearer(await tokenFor(app, account))
    const copyTo = async () => {
      const response = await apply(app, payload, headers)
      expect(response.statusCode, response.body).toBe(200)
      return (await findOutboxMessages(app.db))
        .filter((row) => row.to_address === payload.section1.email)
        .at(-1)
    }
    // Signed in, but the address is not confirmed yet: no copy attached.
    expect(JSON.parse((await copyTo())?.attachments ?? '')).toEqual([])
    await markEmailConfirmed(app.db, account.id, app.clock())
    const confirmed = await copyTo()
    expect(JSON.parse(confirmed?.attachments ?? '')).toEqual([
      expect.objectContaining({ contentType: 'application/pdf' }),
    ])
    expect(confirmed?.text_body).toContain('A copy of the signed application is attached.')
  })

  it('prints hostile text literally: script tags, emoji and other scripts never break the PDF', async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = copy(await creditApplicationFixture(0))
    payload.section1.businessName = '<script>alert("x")</script> & Co'
    payload.section1.fullNameOfCustomer = 'Ellis 🚧 Civil مرحبا Pty Ltd'
    const person = payload.section2.persons[0] as (typeof payload.section2.persons)[number]
    person.name = '<img src=x onerror=alert(1)>'
    // A long address with an unbreakable word: wrapped, and broken inside the word.
    person.address = { fullAddress: `Lot 7 ${'X'.repeat(150)} Road, Kyabram VIC 3620 (end)` }
    const signatures = signaturesOf(payload, 'signatures')
    signatures[0] = { ...signatures[0], name: '<img src=x onerror=alert(1)>' } as never
    payload.section4.signatures = JSON.stringify(signatures)
    const response = await apply(app, payload)
    expect(response.statusCode, response.body).toBe(200)
    const text = await pdfText(response.rawPayload)
    expect(text).toContain('<script>alert("x")</script> & Co')
    expect(text).toContain('<img src=x onerror=alert(1)>')
    expect(text).toContain('Ellis ? Civil ????? Pty Ltd')
    expect(text).toContain('Road, Kyabram VIC 3620 (end)')
    expect(text.replace(/\s+/gu, '')).toContain('X'.repeat(150))
  })
})

describe('the OpenAPI document', () => {
  it('documents POST /api/apply-for-credit with its body and a binary PDF answer', async () => {
    const { app } = await buildTestApp()
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const operation = response.json().paths['/api/apply-for-credit'].post
    expect(operation.requestBody.content['application/json'].schema).toBeDefined()
    expect(operation.responses['200'].content['application/pdf'].schema).toMatchObject({
      type: 'string',
      format: 'binary',
    })
    expect(operation.responses['413']).toBeDefined()
    const list = response.json().paths['/api/admin/credit-applications'].get
    expect(list.security).toEqual([{ bearer: [] }])
  })
})
