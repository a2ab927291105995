import { parseCreditPayload } from '@signalway/shared/credit'
import {
  SIGNING_MESSAGES,
  SIGNING_STATUS_DAYS,
  type SigningRequestView,
} from '@signalway/shared/credit/signing'
import { creditUnsignedPayloadSchema } from '@signalway/shared/credit/wire'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../src/modules/credit/digest.ts'
import { CREDIT_MAILS_PER_DAY, SIGNING_MAILS_PER_DAY } from '../../../src/modules/credit/mail-limits.ts'
import { generateCreditApplicationPdf } from '../../../src/modules/credit/pdf/credit-application-pdf.ts'
import { createCreditService } from '../../../src/modules/credit/service.ts'
import { createCreditSigning } from '../../../src/modules/credit/signing.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { creditApplicationFixture, trustDeedField, trustDeedPdf } from '../../helpers/credit.ts'
import { pdfText } from './helpers.ts'
import { AGENT, linkIn, post, sign, signature, unsigned } from './signing-helpers.ts'

/*
 * Remote signing cannot be used as a mail relay (each kind of email has a daily limit per recipient and carries
 * nothing its sender typed), one mailbox cannot sign for several people (each signer has their own address, and
 * the signing record points out signatures from one device), and a signature is stored only against the text it
 * was checked with, checked again when the application is submitted.
 */

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const COMPLETER = 'morgan@elliscivil.example'

async function setUp(dialect: Dialect) {
  let now = new Date('2026-11-26T00:00:00.000Z')
  // Many requests come from the test's one address: the per-address limits are not what is tested here.
  const { app } = await buildTestApp({
    dialect,
    env: { RATE_LIMIT_FACTOR: '20' },
    build: { clock: () => now },
  })
  return { app, advance: (ms: number) => (now = new Date(now.getTime() + ms)) }
}

/** Sends an application for signing; answers its status page's token. */
async function start(app: FastifyInstance, application: object, completerEmail = COMPLETER) {
  const response = await post(app, '', { application, completerEmail })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().statusToken as string
}

const mailsTo = async (app: FastifyInstance, to: string) =>
  (await findOutboxMessages(app.db)).filter((mail) => mail.to_address === to)

const countRows = async (app: FastifyInstance, table: 'credit_signings' | 'credit_applications') =>
  (await app.db.selectFrom(table).select('id').execute()).length

/** Another instance of the signing service on the app's database (to race it, or to run its sweeps). */
function signingService(
  app: FastifyInstance,
  options: Partial<Parameters<typeof createCreditSigning>[0]> = {},
) {
  const credit = createCreditService({
    db: app.db,
    accountsEmail: app.config.accountsEmail,
    siteUrl: app.config.siteUrl,
    clock: app.clock,
  })
  return createCreditSigning({
    db: app.db,
    siteUrl: app.config.siteUrl,
    clock: app.clock,
    credit,
    ...options,
  })
}

describe.each(DIALECTS)('remote signing is no relay on %s', (dialect) => {
  it('puts nothing anyone typed in an email to an address nobody has proved, whatever the kind', async () => {
    const { app, advance } = await setUp(dialect)
    // Every free text of the application carries the marker, as a phisher's would.
    const application = await unsigned(0, ['zqx.one@elliscivil.example', 'zqx.two@elliscivil.example'])
    const s1 = application.section1
    s1.personCompletingTheApplication = 'Zqx Visit evil.example'
    s1.position = 'Zqx position'
    s1.fullNameOfCustomer = 'Zqx Pty Ltd'
    s1.businessName = 'Zqx Your account is locked: call 1900 000 000'
    s1.customerTradingLength = 'Zqx years'
    s1.email = 'zqx.applicant@elliscivil.example'
    application.section2.persons = application.section2.persons.map((person, index) => ({
      ...person,
      name: `Zqx Person ${index + 1}`,
      driversLicence: `ZQX${index}1234`,
      address: { ...person.address, fullAddress: `${index + 1} Zqx Street, Frankston VIC 3199` },
    }))
    application.section3.name = 'Zqx Payable'
    const completer = 'zqx.completer@elliscivil.example'
    const statusToken = await start(app, application, completer)
    const [first, second] = (await post(app, '/status', { token: statusToken })).json().signers

    // A decline with a reason: the person completing reads it on the status page (which takes the link).
    const reason = 'Zqx please wire the deposit to 000-000'
    const declined = await post(app, '/decline', {
      token: await linkIn(app, 'zqx.two@elliscivil.example', 'sign'),
      reason,
    })
    expect(declined.statusCode, declined.body).toBe(204)
    expect((await post(app, '/status', { token: statusToken })).json().signers[1].declineReason).toBe(reason)
    // Asked again, and at another address.
    expect((await post(app, '/resend', { token: statusToken, signerId: second.id })).statusCode).toBe(200)
    const moved = await post(app, '/email', {
      token: statusToken,
      signerId: second.id,
      email: 'zqx.moved@elliscivil.example',
    })
    expect(moved.statusCode, moved.body).toBe(200)

    // The first signs, then the application changes: they are asked again; reminders follow.
    expect((await sign(app, await linkIn(app, 'zqx.one@elliscivil.example', 'sign'))).statusCode).toBe(200)
    const changed = structuredClone(application)
    changed.section1.businessName = 'Zqx Changed trading name'
    changed.section2.persons = changed.section2.persons.map((person, index) =>
      index === 1 ? { ...person, email: 'zqx.moved@elliscivil.example' } : person,
    )
    expect(
      (await post(app, '', { application: changed, completerEmail: completer, statusToken })).statusCode,
    ).toBe(201)
    advance(49 * HOUR)
    expect(await signingService(app).sendReminders()).toBe(2)

    // A saved application's link.
    const draft = await app.inject({
      method: 'POST',
      url: '/api/apply-for-credit/drafts',
      payload: { email: 'zqx.saver@elliscivil.example', values: { section1: s1 } },
    })
    expect(draft.statusCode, draft.body).toBe(201)

    // Both sign: the application is submitted, and the applicant and the person completing get their copies.
    expect(
      (await sign(app, await linkIn(app, 'zqx.one@elliscivil.example', 'sign'), true, 3)).statusCode,
    ).toBe(200)
    const last = await sign(app, await linkIn(app, 'zqx.moved@elliscivil.example', 'sign'), true, 5)
    expect(last.json()).toEqual({ submitted: true })
    expect(first.id).not.toBe(second.id)

    const mails = (await findOutboxMessages(app.db)).filter(
      (mail) => mail.to_address !== app.config.accountsEmail,
    )
    // Every kind went: requests, a reminder, a changed application, the status link, the decline, the
    // saved application's link, the receipts and the guarantors' copies.
    const subjects = new Set(mails.map((mail) => mail.subject.replace(/\(CA-[^)]+\)/u, '(reference)')))
    expect([...subjects].sort()).toEqual(
      [
        'A signer declined to sign your application for credit with Signalway Traffic Hire',
        'An application for credit with Signalway Traffic Hire has changed: please sign again',
        'Please sign an application for credit with Signalway Traffic Hire',
        'Reminder: please sign an application for credit with Signalway Traffic Hire',
        'Signing requests sent for your application for credit with Signalway Traffic Hire',
        'Your application for credit is saved',
        'Your application for credit with Signalway Traffic Hire (reference)',
        'Your guarantee: application for credit with Signalway Traffic Hire (reference)',
      ].sort(),
    )
    expect(mails.map((mail) => mail.to_address)).toEqual(
      expect.arrayContaining([completer, 'zqx.applicant@elliscivil.example']),
    )
    for (const mail of mails) {
      const text = `${mail.subject}\n${mail.text_body}\n${mail.html_body ?? ''}`
      expect(text, text).not.toMatch(/zqx/iu)
      // No address anyone typed either: not even the recipient's own.
      expect(text, text).not.toContain('@')
    }
  })

  it('sends one address at most 10 signing requests a day, counting first requests, resends and changes; then says so', async () => {
    const { app, advance } = await setUp(dialect)
    const target = 'director@target.example'
    const tokens: string[] = []
    for (let round = 0; round < SIGNING_MAILS_PER_DAY; round++) {
      tokens.push(await start(app, await unsigned(3, [target]), `completer${round}@example.com`))
    }
    expect(await mailsTo(app, target)).toHaveLength(SIGNING_MAILS_PER_DAY)

    // An 11th application naming the address: refused in plain words, and nothing is kept or sent.
    const refused = await post(app, '', {
      application: await unsigned(3, [target]),
      completerEmail: 'completer-late@example.com',
    })
    expect(refused.statusCode, refused.body).toBe(429)
    expect(refused.json().Message).toBe(SIGNING_MESSAGES.tooManyRequests(target))
    expect(Number(refused.headers['retry-after'])).toBe(24 * 60 * 60)
    expect(await countRows(app, 'credit_signings')).toBe(SIGNING_MAILS_PER_DAY)
    expect(await mailsTo(app, 'completer-late@example.com')).toEqual([])

    // Sending one of them again: the same.
    const status = (await post(app, '/status', { token: tokens[0] })).json()
    const resent = await post(app, '/resend', { token: tokens[0], signerId: status.signers[0].id })
    expect(resent.statusCode, resent.body).toBe(429)
    expect(resent.json().Message).toBe(SIGNING_MESSAGES.tooManyRequests(target))
    // The address in another case is the same mailbox.
    const other = (await post(app, '/status', { token: tokens[1] })).json().signers[0]
    const moved = await post(app, '/email', {
      token: tokens[1],
      signerId: other.id,
      email: target.toUpperCase(),
    })
    expect(moved.statusCode, moved.body).toBe(429)
    // A day after the first: it goes.
    advance(DAY)
    expect(
      (await post(app, '/resend', { token: tokens[0], signerId: status.signers[0].id })).statusCode,
    ).toBe(200)
    expect(await mailsTo(app, target)).toHaveLength(SIGNING_MAILS_PER_DAY + 1)
  })

  it('counts variants of one address (case, +tags, Gmail’s dots, googlemail.com) as one recipient', async () => {
    const { app } = await setUp(dialect)
    const variants = [
      'victim@gmail.com',
      'Victim@GMail.com',
      'victim+1@gmail.com',
      'vic.tim@gmail.com',
      'v.i.c.t.i.m+2@googlemail.com',
      'VICTIM+3@GOOGLEMAIL.COM',
      'vi.ctim+x.y@gmail.com',
      'victim+4@googlemail.com',
      'victim+5@gmail.com',
      'victim.+6@gmail.com',
    ]
    expect(variants).toHaveLength(SIGNING_MAILS_PER_DAY)
    for (const [round, variant] of variants.entries()) {
      await start(app, await unsigned(3, [variant]), `completer${round}@example.com`)
    }
    const late = 'victim+late@googlemail.com'
    const refused = await post(app, '', {
      application: await unsigned(3, [late]),
      completerEmail: 'completer-late@example.com',
    })
    expect(refused.statusCode, refused.body).toBe(429)
    expect(refused.json().Message).toBe(SIGNING_MESSAGES.tooManyRequests(late))
    // The count's rows hold the mailbox, not the address as typed.
    const logged = await app.db
      .selectFrom('credit_mail_log')
      .select('recipient')
      .where('kind', '=', 'signing-request')
      .execute()
    expect(new Set(logged.map((row) => row.recipient))).toEqual(new Set(['victim@gmail.com']))

    // Elsewhere a +tag is the same mailbox too: the person completing's status links.
    const completer = 'busy@completer.example'
    for (let round = 0; round < CREDIT_MAILS_PER_DAY['signing-status']; round++) {
      await start(
        app,
        await unsigned(3, [`sole${round}@trader.example`]),
        round === 0 ? completer : `busy+${round}@completer.example`,
      )
    }
    const tagged = 'Busy+more@Completer.example'
    const statusRefused = await post(app, '', {
      application: await unsigned(3, ['sole-late@trader.example']),
      completerEmail: tagged,
    })
    expect(statusRefused.statusCode, statusRefused.body).toBe(429)
    expect(statusRefused.json().Message).toBe(SIGNING_MESSAGES.tooManyStatusLinks(tagged))
  }, 60_000)

  it('counts only the requests that went: refused resends and address changes spend nothing', async () => {
    const { app } = await setUp(dialect)
    const statusToken = await start(app, await unsigned(0))
    const [first, second] = (await post(app, '/status', { token: statusToken })).json().signers
    expect((await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'))).statusCode).toBe(200)

    // A stranger with the status link hammers the signer who has signed: 409 each time.
    for (let attempt = 0; attempt <= SIGNING_MAILS_PER_DAY; attempt++) {
      const resend = await post(app, '/resend', { token: statusToken, signerId: first.id })
      expect(resend.statusCode).toBe(409)
      const move = await post(app, '/email', {
        token: statusToken,
        signerId: first.id,
        email: 'new@target.example',
      })
      expect(move.statusCode).toBe(409)
    }
    // The addresses' budgets are whole: the signer's address takes its ten requests (one went already), and the
    // new address its first.
    const other = await start(app, await unsigned(3, ['person1@elliscivil.example']), 'other@example.com')
    const otherSigner = (await post(app, '/status', { token: other })).json().signers[0]
    for (let attempt = 0; attempt < SIGNING_MAILS_PER_DAY - 2; attempt++) {
      const resend = await post(app, '/resend', { token: other, signerId: otherSigner.id })
      expect(resend.statusCode, resend.body).toBe(200)
    }
    expect(await mailsTo(app, 'person1@elliscivil.example')).toHaveLength(SIGNING_MAILS_PER_DAY)
    const move = await post(app, '/email', {
      token: statusToken,
      signerId: second.id,
      email: 'new@target.example',
    })
    expect(move.statusCode, move.body).toBe(200)
  })

  it('sends the person completing at most 10 status links a day (429), and skips decline notices past 10', async () => {
    const { app } = await setUp(dialect)
    const completer = 'busy@completer.example'
    let statusToken = ''
    for (let round = 0; round < CREDIT_MAILS_PER_DAY['signing-status']; round++) {
      statusToken = await start(
        app,
        await unsigned(2, [`a${round}@partners.example`, `b${round}@partners.example`]),
        completer,
      )
    }
    const refused = await post(app, '', {
      application: await unsigned(2, ['a-late@partners.example', 'b-late@partners.example']),
      completerEmail: completer,
    })
    expect(refused.statusCode, refused.body).toBe(429)
    expect(refused.json().Message).toBe(SIGNING_MESSAGES.tooManyStatusLinks(completer))
    expect(await mailsTo(app, 'a-late@partners.example')).toEqual([])

    // The partners of the last application decline in turn, each asked again: 11 declines, 10 notices.
    const signers = (await post(app, '/status', { token: statusToken })).json().signers
    const notices = async () =>
      (await mailsTo(app, completer)).filter((mail) => mail.subject.startsWith('A signer declined')).length
    for (let round = 0; round <= CREDIT_MAILS_PER_DAY['signing-declined']; round++) {
      const signer = signers[round % 2]
      const token = await linkIn(app, signer.email, 'sign')
      const declined = await post(app, '/decline', { token, reason: `No (${round})` })
      expect(declined.statusCode, declined.body).toBe(204)
      expect(await notices()).toBe(Math.min(round + 1, CREDIT_MAILS_PER_DAY['signing-declined']))
      expect((await post(app, '/resend', { token: statusToken, signerId: signer.id })).statusCode).toBe(200)
    }
  }, 60_000)

  it('skips reminders to an address past 5 a day', async () => {
    const { app, advance } = await setUp(dialect)
    const target = 'slow@director.example'
    for (let round = 0; round < 6; round++) {
      await start(app, await unsigned(3, [target]), `c${round}@example.com`)
    }
    advance(49 * HOUR)
    expect(await signingService(app).sendReminders()).toBe(CREDIT_MAILS_PER_DAY['signing-reminder'])
    const reminders = (await mailsTo(app, target)).filter((mail) => mail.subject.startsWith('Reminder:'))
    expect(reminders).toHaveLength(CREDIT_MAILS_PER_DAY['signing-reminder'])
    // The skipped reminder added no link.
    const links = await app.db.selectFrom('credit_signing_tokens').select('token_hash').execute()
    expect(links).toHaveLength(6 + CREDIT_MAILS_PER_DAY['signing-reminder'])
  })

  it('tells the person completing the truth: the signed PDF is on the status page, which gives it, not in the mail', async () => {
    const { app, advance } = await setUp(dialect)
    const statusToken = await start(app, await unsigned(0))
    const [statusLinkMail] = (await mailsTo(app, COMPLETER)).filter((mail) =>
      mail.subject.startsWith('Signing requests sent'),
    )
    const text = statusLinkMail?.text_body.replace(/\s+/gu, ' ') ?? ''
    expect(text).not.toMatch(/PDF by email/iu)
    expect(text).toContain(
      `the same page then offers the signed application as a PDF to download, for ${SIGNING_STATUS_DAYS} days after the submission`,
    )

    await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'))
    expect(
      (await sign(app, await linkIn(app, 'person2@elliscivil.example', 'sign'), true, 2)).json(),
    ).toEqual({
      submitted: true,
    })
    // The person completing's address was never shown to be theirs: their receipt carries no PDF.
    const receipt = (await mailsTo(app, COMPLETER)).find((mail) =>
      mail.subject.startsWith('Your application for credit with'),
    )
    expect(JSON.parse(receipt?.attachments ?? '')).toEqual([])
    // The page gives it, until the promised days have passed.
    advance(SIGNING_STATUS_DAYS * DAY - HOUR)
    const pdf = await post(app, '/pdf', { token: statusToken })
    expect(pdf.statusCode, pdf.body).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    advance(2 * HOUR)
    expect((await post(app, '/pdf', { token: statusToken })).statusCode).toBe(404)
  })

  it('skips the applicant’s copy past 10 receipts a day to one address; the business still gets every one', async () => {
    const { app } = await setUp(dialect)
    const credit = createCreditService({
      db: app.db,
      accountsEmail: app.config.accountsEmail,
      siteUrl: app.config.siteUrl,
      clock: app.clock,
      generatePdf: async () => new TextEncoder().encode('%PDF-1.7\n%%EOF\n'),
    })
    const wire = await creditApplicationFixture(3)
    const data = parseCreditPayload(wire)
    for (let round = 0; round <= CREDIT_MAILS_PER_DAY.receipt; round++) {
      await credit.submit({ wire, data, ip: '203.0.113.9', userAgent: AGENT })
    }
    expect(await mailsTo(app, app.config.accountsEmail)).toHaveLength(CREDIT_MAILS_PER_DAY.receipt + 1)
    expect(await mailsTo(app, 'accounts@elliscivil.example')).toHaveLength(CREDIT_MAILS_PER_DAY.receipt)
  })
})

describe.each(DIALECTS)('one mailbox signs for one person, on %s', (dialect) => {
  it('refuses two signers with one address (in any case), when sending, changing the application or an address', async () => {
    const { app } = await setUp(dialect)
    const twice = await post(app, '', {
      application: await unsigned(0, ['jo@elliscivil.example', 'JO@EllisCivil.example']),
      completerEmail: COMPLETER,
    })
    expect(twice.statusCode, twice.body).toBe(400)
    expect(twice.json().ModelState).toEqual({
      'application.section2.persons.1.email': [SIGNING_MESSAGES.emailTaken],
    })
    expect(await countRows(app, 'credit_signings')).toBe(0)
    expect(await findOutboxMessages(app.db)).toEqual([])

    const application = await unsigned(0)
    const statusToken = await start(app, application)
    const changed = structuredClone(application)
    changed.section2.persons = changed.section2.persons.map((person) => ({
      ...person,
      email: 'same@elliscivil.example',
    }))
    const change = await post(app, '', { application: changed, completerEmail: COMPLETER, statusToken })
    expect(change.statusCode, change.body).toBe(400)
    expect(change.json().ModelState['application.section2.persons.1.email']).toEqual([
      SIGNING_MESSAGES.emailTaken,
    ])

    const [, second] = (await post(app, '/status', { token: statusToken })).json().signers
    const before = (await findOutboxMessages(app.db)).length
    const taken = await post(app, '/email', {
      token: statusToken,
      signerId: second.id,
      email: 'Person1@EllisCivil.example',
    })
    expect(taken.statusCode, taken.body).toBe(400)
    expect(taken.json().ModelState).toEqual({ email: [SIGNING_MESSAGES.emailTaken] })
    expect((await post(app, '/status', { token: statusToken })).json().signers[1].email).toBe(
      'person2@elliscivil.example',
    )
    expect(await findOutboxMessages(app.db)).toHaveLength(before)
  })

  it('takes variants of one address (+tags, Gmail’s dots, googlemail.com) for one mailbox: one signer only', async () => {
    const { app } = await setUp(dialect)
    for (const [first, second] of [
      ['jo+one@elliscivil.example', 'Jo+Two@elliscivil.example'],
      ['jo@elliscivil.example', 'jo+sign@elliscivil.example'],
      ['jo.ellis@gmail.com', 'JoEllis+sign@googlemail.com'],
    ]) {
      const twice = await post(app, '', {
        application: await unsigned(0, [first as string, second as string]),
        completerEmail: COMPLETER,
      })
      expect(twice.statusCode, `${first} ${second}`).toBe(400)
      expect(twice.json().ModelState).toEqual({
        'application.section2.persons.1.email': [SIGNING_MESSAGES.emailTaken],
      })
    }
    expect(await countRows(app, 'credit_signings')).toBe(0)
    expect(await findOutboxMessages(app.db)).toEqual([])

    // Changing the application.
    const application = await unsigned(0, ['jo.ellis@gmail.com', 'priya@elliscivil.example'])
    const statusToken = await start(app, application)
    const changed = structuredClone(application)
    changed.section2.persons = changed.section2.persons.map((person, index) =>
      index === 1 ? { ...person, email: 'j.o.ellis+2@googlemail.com' } : person,
    )
    const change = await post(app, '', { application: changed, completerEmail: COMPLETER, statusToken })
    expect(change.statusCode, change.body).toBe(400)
    expect(change.json().ModelState['application.section2.persons.1.email']).toEqual([
      SIGNING_MESSAGES.emailTaken,
    ])

    // Changing an address on the status page.
    const [, second] = (await post(app, '/status', { token: statusToken })).json().signers
    const before = (await findOutboxMessages(app.db)).length
    for (const email of ['joellis@googlemail.com', 'Jo.Ellis+priya@gmail.com']) {
      const taken = await post(app, '/email', { token: statusToken, signerId: second.id, email })
      expect(taken.statusCode, email).toBe(400)
      expect(taken.json().ModelState).toEqual({ email: [SIGNING_MESSAGES.emailTaken] })
    }
    expect((await post(app, '/status', { token: statusToken })).json().signers[1].email).toBe(
      'priya@elliscivil.example',
    )
    expect(await findOutboxMessages(app.db)).toHaveLength(before)
    // A variant of the signer's own address is theirs to take.
    const own = await post(app, '/email', {
      token: statusToken,
      signerId: second.id,
      email: 'priya+credit@elliscivil.example',
    })
    expect(own.statusCode, own.body).toBe(200)
  })

  it('points out, on the record and in the PDF, a signature from the device of the person who sent it for signing', async () => {
    const { app } = await setUp(dialect)
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const laptop = { ip: '203.0.113.40', agent: 'Mozilla/5.0 (Macintosh) Sender/1.0' }
    const started = await post(app, '', { application: await unsigned(0), completerEmail: COMPLETER }, laptop)
    expect(started.statusCode, started.body).toBe(201)
    const statusToken = started.json().statusToken as string
    // The first director signs on the sender's laptop; the second on the same network with another browser.
    await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'), true, 1, laptop)
    await sign(app, await linkIn(app, 'person2@elliscivil.example', 'sign'), true, 2, {
      ip: laptop.ip,
      agent: 'Mozilla/5.0 (iPhone) Director/2.0',
    })
    const { reference } = (await post(app, '/status', { token: statusToken })).json().submitted
    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/credit-applications/${reference}`,
      headers,
    })
    const { signingRecord } = detail.json().application
    expect(signingRecord).toMatchObject({ ip: laptop.ip, userAgent: laptop.agent })
    expect(signingRecord.remoteSigners).toEqual([
      expect.objectContaining({ name: 'Morgan Ellis', sameDeviceAs: [], sameDeviceAsSender: true }),
      expect.objectContaining({ name: 'Priya Nguyen', sameDeviceAs: [], sameDeviceAsSender: false }),
    ])
    const pdf = (await pdfText((await post(app, '/pdf', { token: statusToken })).rawPayload)).replace(
      /\s+/gu,
      ' ',
    )
    expect(pdf.split(SIGNING_MESSAGES.sameDeviceAsSender)).toHaveLength(2)
  })

  it('points out, on the record and in the PDF, signatures from the same IP address and browser', async () => {
    const { app } = await setUp(dialect)
    const admin = await createAdmin(app)
    const headers = bearer(await tokenFor(app, admin))
    const record = async (reference: string) =>
      (
        await app.inject({ method: 'GET', url: `/api/admin/credit-applications/${reference}`, headers })
      ).json().application.signingRecord.remoteSigners

    // One phone signs for both directors.
    const shared = await start(app, await unsigned(0))
    const phone = { ip: '198.51.100.7', agent: 'Mozilla/5.0 (iPhone) Shared/1.0' }
    await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'), true, 1, phone)
    await sign(app, await linkIn(app, 'person2@elliscivil.example', 'sign'), true, 2, phone)
    const sharedStatus = (await post(app, '/status', { token: shared })).json()
    expect(await record(sharedStatus.submitted.reference)).toEqual([
      expect.objectContaining({ name: 'Morgan Ellis', sameDeviceAs: ['Priya Nguyen'] }),
      expect.objectContaining({ name: 'Priya Nguyen', sameDeviceAs: ['Morgan Ellis'] }),
    ])
    const pdf = await pdfText((await post(app, '/pdf', { token: shared })).rawPayload)
    expect(pdf).toContain(SIGNING_MESSAGES.sameDevice(['Priya Nguyen']))
    expect(pdf).toContain(SIGNING_MESSAGES.sameDevice(['Morgan Ellis']))

    // The same address with another browser (an office's network) is not pointed out.
    const office = await start(
      app,
      await unsigned(0, ['a@office.example', 'b@office.example']),
      'other@office.example',
    )
    await sign(app, await linkIn(app, 'a@office.example', 'sign'), true, 1, {
      ip: '198.51.100.7',
      agent: 'Firefox',
    })
    await sign(app, await linkIn(app, 'b@office.example', 'sign'), true, 2, {
      ip: '198.51.100.7',
      agent: 'Safari',
    })
    const officeStatus = (await post(app, '/status', { token: office })).json()
    expect(
      (await record(officeStatus.submitted.reference)).map(
        (signer: { sameDeviceAs: string[] }) => signer.sameDeviceAs,
      ),
    ).toEqual([[], []])
    const officePdf = await pdfText((await post(app, '/pdf', { token: office })).rawPayload)
    expect(officePdf).not.toContain('Signed from the same IP address and browser')
  })
})

describe.each(DIALECTS)('a signature is tied to the text it was checked with, on %s', (dialect) => {
  it('refuses a signature when the application changes between its check and its store', async () => {
    const { app } = await setUp(dialect)
    const application = await unsigned(0)
    const statusToken = await start(app, application)
    const token = await linkIn(app, 'person1@elliscivil.example', 'sign')
    const view = (await post(app, '/request', { token })).json() as SigningRequestView

    const changed = structuredClone(application)
    changed.section1.businessName = 'Ellis Civil Works and Haulage'
    const racing = signingService(app, {
      beforeWrite: async (step) => {
        if (step !== 'sign') return
        const response = await post(app, '', { application: changed, completerEmail: COMPLETER, statusToken })
        expect(response.statusCode, response.body).toBe(201)
      },
    })
    await expect(
      racing.sign(token, signature(token, view.textSha256), { ip: '203.0.113.1', userAgent: AGENT }),
    ).rejects.toThrow(SIGNING_MESSAGES.textChanged)
    const signer = await app.db
      .selectFrom('credit_signers')
      .select(['state', 'signature', 'text_sha256'])
      .where('email', '=', 'person1@elliscivil.example')
      .executeTakeFirstOrThrow()
    expect(signer).toEqual({ state: 'waiting', signature: null, text_sha256: null })

    // Read again, the new text is signed.
    const again = (await post(app, '/request', { token })).json() as SigningRequestView
    expect(again.textSha256).not.toBe(view.textSha256)
    expect((await post(app, '/sign', signature(token, again.textSha256))).statusCode).toBe(200)
  })

  it('withdraws a signature stored while a change was being checked', async () => {
    const { app } = await setUp(dialect)
    const application = await unsigned(0)
    const statusToken = await start(app, application)
    const token = await linkIn(app, 'person1@elliscivil.example', 'sign')
    const changed = structuredClone(application)
    changed.section1.businessName = 'Ellis Civil Works and Haulage'
    const racing = signingService(app, {
      beforeWrite: async (step) => {
        // The director signs the old text while the change is on its way.
        if (step === 'change') expect((await sign(app, token)).statusCode).toBe(200)
      },
    })
    await racing.start({
      wire: changed,
      data: creditUnsignedPayloadSchema.parse(changed),
      completerEmail: COMPLETER,
      statusToken,
      client: { ip: '203.0.113.1', userAgent: AGENT },
    })
    const status = (await post(app, '/status', { token: statusToken })).json()
    expect(status.signers[0]).toMatchObject({ state: 'waiting', changedAfterSigning: true, signedAt: null })
    const asked = (await mailsTo(app, 'person1@elliscivil.example')).map((mail) => mail.subject)
    expect(asked.at(-1)).toBe(
      'An application for credit with Signalway Traffic Hire has changed: please sign again',
    )
  })

  it('submits only when every signature is of the text submitted; another is withdrawn and asked for again', async () => {
    const { app } = await setUp(dialect)
    const application = await unsigned(0)
    const statusToken = await start(app, application)
    expect((await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'))).statusCode).toBe(200)

    // The stored text changes under the first signature, by whatever way.
    const changed = structuredClone(application)
    changed.section1.businessName = 'Ellis Civil Works and Haulage'
    await app.db
      .updateTable('credit_signings')
      .set({ payload: JSON.stringify(changed) })
      .execute()

    const last = await sign(app, await linkIn(app, 'person2@elliscivil.example', 'sign'), true, 2)
    expect(last.statusCode, last.body).toBe(200)
    expect(last.json()).toEqual({ submitted: false })
    expect(await countRows(app, 'credit_applications')).toBe(0)
    let status = (await post(app, '/status', { token: statusToken })).json()
    expect(status.signers.map((signer: { state: string }) => signer.state)).toEqual(['waiting', 'signed'])
    expect(status.signers[0].changedAfterSigning).toBe(true)
    expect(status.submitted).toBeNull()

    // Signed again, on this text: submitted, both signatures of the one text.
    const again = await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'), true, 3)
    expect(again.json()).toEqual({ submitted: true })
    status = (await post(app, '/status', { token: statusToken })).json()
    const digests = await app.db.selectFrom('credit_signers').select('text_sha256').execute()
    expect(new Set(digests.map((row) => row.text_sha256)).size).toBe(1)
    expect(status.submitted.reference).toMatch(/^CA-/)
  })

  it('checks again in the submission’s transaction: a text changed while the PDF is made is not submitted', async () => {
    const { app } = await setUp(dialect)
    const application = await unsigned(0)
    const statusToken = await start(app, application)
    expect((await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'))).statusCode).toBe(200)
    const changed = structuredClone(application)
    changed.section1.businessName = 'Ellis Civil Works and Haulage'
    const credit = createCreditService({
      db: app.db,
      accountsEmail: app.config.accountsEmail,
      siteUrl: app.config.siteUrl,
      clock: app.clock,
      generatePdf: async (input) => {
        await app.db
          .updateTable('credit_signings')
          .set({ payload: JSON.stringify(changed) })
          .execute()
        return generateCreditApplicationPdf(input)
      },
    })
    const racing = createCreditSigning({ db: app.db, siteUrl: app.config.siteUrl, clock: app.clock, credit })
    const token = await linkIn(app, 'person2@elliscivil.example', 'sign')
    const view = (await post(app, '/request', { token })).json() as SigningRequestView
    const signed = await racing.sign(token, signature(token, view.textSha256, true, 2), {
      ip: '203.0.113.1',
      userAgent: AGENT,
    })
    expect(signed).toEqual({ submitted: false })
    expect(await countRows(app, 'credit_applications')).toBe(0)
    expect((await post(app, '/status', { token: statusToken })).json().submitted).toBeNull()
  })
  it('ties a signature to the trust deed’s bytes: a same-name, same-size deed swapped in asks again', async () => {
    const { app } = await setUp(dialect)
    const original = Buffer.from(await trustDeedPdf())
    // One byte of the header's binary comment: still a readable PDF, of the same name and size.
    const swapped = Buffer.from(original)
    swapped[10] = (swapped[10] ?? 0) ^ 0x01
    expect(swapped.byteLength).toBe(original.byteLength)
    const application = await unsigned(4)
    application.section1.trustDeed = trustDeedField(original)
    const statusToken = await start(app, application)
    const deedRow = (view: SigningRequestView) =>
      view.document.sections[0]?.groups[0]?.rows.find((row) => row.label === 'Trust deed')?.value
    const first = await linkIn(app, 'person1@elliscivil.example', 'sign')
    const before = (await post(app, '/request', { token: first })).json() as SigningRequestView
    expect(deedRow(before)).toBe(
      `trust-deed.pdf (1 KB, SHA-256 ${sha256Hex(original)}), attached to the application`,
    )
    expect((await post(app, '/sign', signature(first, before.textSha256))).statusCode).toBe(200)

    const changed = structuredClone(application)
    changed.section1.trustDeed = trustDeedField(swapped)
    const change = await post(app, '', { application: changed, completerEmail: COMPLETER, statusToken })
    expect(change.statusCode, change.body).toBe(201)
    const status = (await post(app, '/status', { token: statusToken })).json()
    expect(status.signers[0]).toMatchObject({ state: 'waiting', changedAfterSigning: true, signedAt: null })
    const asked = (await mailsTo(app, 'person1@elliscivil.example')).map((mail) => mail.subject)
    expect(asked.at(-1)).toBe(
      'An application for credit with Signalway Traffic Hire has changed: please sign again',
    )
    const after = (await post(app, '/request', { token: first })).json() as SigningRequestView
    expect(after.textSha256).not.toBe(before.textSha256)
    expect(deedRow(after)).toContain(`SHA-256 ${sha256Hex(swapped)}`)

    // The second director's signature does not submit it: the first must sign the new deed.
    const second = await sign(app, await linkIn(app, 'person2@elliscivil.example', 'sign'), true, 2)
    expect(second.json()).toEqual({ submitted: false })
    expect(await countRows(app, 'credit_applications')).toBe(0)
    expect((await post(app, '/sign', signature(first, after.textSha256, true, 3))).json()).toEqual({
      submitted: true,
    })
    const stored = await app.db.selectFrom('credit_applications').select('payload').executeTakeFirstOrThrow()
    expect(JSON.parse(stored.payload).section1.trustDeed.sha256).toBe(sha256Hex(swapped))
  })

  it('withdraws at submission a signature made before the stored trust deed was swapped for one of the same size', async () => {
    const { app } = await setUp(dialect)
    const original = Buffer.from(await trustDeedPdf())
    const swapped = Buffer.from(original)
    swapped[10] = (swapped[10] ?? 0) ^ 0x01
    const application = await unsigned(4)
    application.section1.trustDeed = trustDeedField(original)
    const statusToken = await start(app, application)
    expect((await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'))).statusCode).toBe(200)
    const changed = structuredClone(application)
    changed.section1.trustDeed = trustDeedField(swapped)
    await app.db
      .updateTable('credit_signings')
      .set({ payload: JSON.stringify(changed) })
      .execute()

    const last = await sign(app, await linkIn(app, 'person2@elliscivil.example', 'sign'), true, 2)
    expect(last.json()).toEqual({ submitted: false })
    expect(await countRows(app, 'credit_applications')).toBe(0)
    const status = (await post(app, '/status', { token: statusToken })).json()
    expect(status.signers.map((signer: { state: string }) => signer.state)).toEqual(['waiting', 'signed'])
    expect(status.signers[0].changedAfterSigning).toBe(true)
  })
})
