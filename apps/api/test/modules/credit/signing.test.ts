import { createHash } from 'node:crypto'
import { SIGNING_MESSAGES, type SigningRequestView, signingText } from '@signalway/shared/credit/signing'
import { describe, expect, it } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, expectAdminOnly, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { pngDataUrl, signaturePng } from '../../helpers/credit.ts'
import { logCollector } from '../../helpers/logs.ts'
import { pdfText } from './helpers.ts'
import { AGENT, linkIn, post, sign, unsigned } from './signing-helpers.ts'

/*
 * Remote signing (ADR 025): the person completing sends the application without signatures; each director gets
 * a link by email to read and sign on their own device (a Pty Ltd's covers the guarantee); the last signature
 * submits the application with a signing record per signer. Links are 256-bit tokens stored as hashes, sent in
 * bodies, and never logged.
 */

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

async function setUp(dialect: 'sqlite' | 'postgres') {
  let now = new Date('2026-11-26T00:00:00.000Z')
  const logs = logCollector()
  const { app } = await buildTestApp({
    dialect,
    env: { LOG_LEVEL: 'info' },
    build: { clock: () => now, logStream: logs.stream },
  })
  return { app, logs, advance: (ms: number) => (now = new Date(now.getTime() + ms)) }
}

describe.each(DIALECTS)('remote signing on %s', (dialect) => {
  it('sends each director a link, submits on the last signature, and prints a signing record per signer', async () => {
    const { app, logs, advance } = await setUp(dialect)
    const started = await post(app, '', {
      application: await unsigned(0),
      completerEmail: 'morgan@elliscivil.example',
    })
    expect(started.statusCode, started.body).toBe(201)
    const { statusToken } = started.json()
    expect(started.json()).toMatchObject({ email: 'morgan@elliscivil.example', signers: 2 })

    // Only hashes are stored.
    const stored = JSON.stringify([
      await app.db.selectFrom('credit_signings').selectAll().execute(),
      await app.db.selectFrom('credit_signing_tokens').selectAll().execute(),
    ])
    expect(stored).not.toContain(statusToken)

    const statusLink = await linkIn(app, 'morgan@elliscivil.example', 'status')
    expect(statusLink).toBe(statusToken)
    const first = await linkIn(app, 'person1@elliscivil.example', 'sign')
    const second = await linkIn(app, 'person2@elliscivil.example', 'sign')
    expect(stored).not.toContain(first)
    const request = (await findOutboxMessages(app.db)).find(
      (mail) => mail.to_address === 'person1@elliscivil.example',
    )
    expect(request?.subject).toBe('Please sign an application for credit with Signalway Traffic Hire')
    expect(request?.text_body).toContain('for the business with ABN 51 824 753 556')
    expect(request?.text_body).toContain('as director, and personally as guarantor')

    // What the director reads: the application, the terms and the guarantee, with the digest of that text.
    const view = (await post(app, '/request', { token: first })).json() as SigningRequestView
    expect(view.signer).toEqual({
      name: 'Morgan Ellis',
      role: 'Director',
      email: 'person1@elliscivil.example',
    })
    expect(view.state).toBe('waiting')
    expect(view.document.guarantee.length).toBeGreaterThan(0)
    expect(view.document.sections.map((section) => section.title)).toEqual([
      'Customer Information',
      'Director Details',
      'Accounts Payable Contact',
    ])
    expect(view.textSha256).toBe(createHash('sha256').update(signingText(view.document)).digest('hex'))

    advance(HOUR)
    const signedFirst = await sign(app, first, true, 1)
    expect(signedFirst.statusCode, signedFirst.body).toBe(200)
    expect(signedFirst.json()).toEqual({ submitted: false })
    let status = (await post(app, '/status', { token: statusToken })).json()
    expect(status.signers.map((signer: { state: string }) => signer.state)).toEqual(['signed', 'waiting'])
    expect(status.submitted).toBeNull()
    // The PDF is not there until everyone has signed.
    expect((await post(app, '/pdf', { token: statusToken })).statusCode).toBe(404)

    advance(HOUR)
    const signedSecond = await sign(app, second, true, 2)
    expect(signedSecond.json()).toEqual({ submitted: true })
    status = (await post(app, '/status', { token: statusToken })).json()
    expect(status.signers.map((signer: { state: string }) => signer.state)).toEqual(['signed', 'signed'])
    expect(status.submitted.reference).toMatch(/^CA-2026-/)

    const pdf = await post(app, '/pdf', { token: statusToken })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = await pdfText(pdf.rawPayload)
    expect(text).toContain('Signed on their own devices')
    expect(text).toContain('person1@elliscivil.example')
    expect(text).toContain('person2@elliscivil.example')
    expect(text).toContain(view.textSha256)
    expect(text).toContain('2026-11-26T01:00:00.000Z')
    expect(text).toContain('2026-11-26T02:00:00.000Z')
    expect(text).toContain(AGENT)

    // Submitted once, and emailed to the business and the applicant with the PDF; the person completing too,
    // and each director who signed the guarantee, at the address whose link they used.
    expect(await app.db.selectFrom('credit_applications').select('id').execute()).toHaveLength(1)
    const mails = await findOutboxMessages(app.db)
    const withPdf = mails.filter((mail) => mail.subject.includes(status.submitted.reference))
    expect(withPdf.map((mail) => mail.to_address).sort()).toEqual(
      [
        app.config.accountsEmail,
        'accounts@elliscivil.example',
        'morgan@elliscivil.example',
        'person1@elliscivil.example',
        'person2@elliscivil.example',
      ].sort(),
    )

    // The back office's record holds both signers' records too.
    const admin = await createAdmin(app)
    const record = await app.inject({
      method: 'GET',
      url: `/api/admin/credit-applications/${status.submitted.reference}`,
      headers: bearer(await tokenFor(app, admin)),
    })
    expect(record.statusCode, record.body).toBe(200)
    expect(record.json().application.signingRecord.remoteSigners).toEqual([
      expect.objectContaining({
        email: 'person1@elliscivil.example',
        textSha256: view.textSha256,
        userAgent: AGENT,
      }),
      expect.objectContaining({ email: 'person2@elliscivil.example', signedAt: '2026-11-26T02:00:00.000Z' }),
    ])

    // A signer's link now says the application is submitted; signing again is refused.
    expect((await post(app, '/request', { token: first })).json().state).toBe('submitted')
    expect((await sign(app, first)).statusCode).toBe(409)

    // No log line holds a link.
    const logged = JSON.stringify(logs.lines)
    for (const token of [statusToken, first, second]) expect(logged).not.toContain(token)
  })

  it('refuses a stale text, a missing guarantee, an unknown link and an expired one', async () => {
    const { app, advance } = await setUp(dialect)
    await post(app, '', { application: await unsigned(0), completerEmail: 'morgan@elliscivil.example' })
    const first = await linkIn(app, 'person1@elliscivil.example', 'sign')

    const stale = await post(app, '/sign', {
      token: first,
      textSha256: '0'.repeat(64),
      agree: true,
      signature: pngDataUrl(signaturePng({ seed: 1 })),
      guarantee: pngDataUrl(signaturePng({ seed: 2 })),
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(SIGNING_MESSAGES.textChanged)

    const noGuarantee = await sign(app, first, false)
    expect(noGuarantee.statusCode).toBe(400)
    expect(noGuarantee.json().ModelState.guarantee).toEqual([SIGNING_MESSAGES.guaranteeRequired])

    const unknown = await post(app, '/request', { token: 'A'.repeat(43) })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().Message).toBe(SIGNING_MESSAGES.invalidRequest)

    advance(15 * DAY)
    const expired = await post(app, '/request', { token: first })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().Message).toBe(SIGNING_MESSAGES.expiredRequest)
  })

  it("changes a signer's address (the old link stops), resends, and tells the person completing of a decline", async () => {
    const { app } = await setUp(dialect)
    const { statusToken } = (
      await post(app, '', { application: await unsigned(2), completerEmail: 'morgan@elliscivil.example' })
    ).json()
    const old = await linkIn(app, 'person2@elliscivil.example', 'sign')
    const status = (await post(app, '/status', { token: statusToken })).json()
    const partner = status.signers[1]

    const changed = await post(app, '/email', {
      token: statusToken,
      signerId: partner.id,
      email: 'priya@elsewhere.example',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().signers[1].email).toBe('priya@elsewhere.example')
    expect((await post(app, '/request', { token: old })).statusCode).toBe(404)
    const fresh = await linkIn(app, 'priya@elsewhere.example', 'sign')
    expect((await post(app, '/request', { token: fresh })).json().signer.email).toBe(
      'priya@elsewhere.example',
    )

    // A partnership signs no guarantee. The partner declines, with a reason.
    const declined = await post(app, '/decline', { token: fresh, reason: 'I am no longer a partner.' })
    expect(declined.statusCode, declined.body).toBe(204)
    const notice = (await findOutboxMessages(app.db)).find((mail) =>
      mail.subject.includes('declined to sign'),
    )
    expect(notice?.to_address).toBe('morgan@elliscivil.example')
    // The reason is on the status page, not in an email to an address nobody has proved.
    expect(notice?.text_body).toContain('A partner asked to sign')
    expect(notice?.text_body).not.toContain('I am no longer a partner.')
    let after = (await post(app, '/status', { token: statusToken })).json()
    expect(after.signers[1]).toMatchObject({ state: 'declined', declineReason: 'I am no longer a partner.' })
    expect((await sign(app, fresh, false)).statusCode).toBe(409)

    // Asked again: waiting, with a new link that works.
    const resent = await post(app, '/resend', { token: statusToken, signerId: partner.id })
    expect(resent.statusCode, resent.body).toBe(200)
    after = resent.json()
    expect(after.signers[1].state).toBe('waiting')
    const again = await linkIn(app, 'priya@elsewhere.example', 'sign')
    expect(again).not.toBe(fresh)
    expect((await sign(app, again, false, 3)).statusCode).toBe(200)

    // Another application's signer cannot be reached with this status link.
    const other = (
      await post(app, '', { application: await unsigned(2), completerEmail: 'other@example.com' })
    ).json()
    const otherStatus = (await post(app, '/status', { token: other.statusToken })).json()
    const foreign = await post(app, '/resend', { token: statusToken, signerId: otherStatus.signers[0].id })
    expect(foreign.statusCode).toBe(404)
  })

  it('withdraws a signature when the application changes after it, and says so', async () => {
    const { app } = await setUp(dialect)
    const application = await unsigned(1)
    const { statusToken } = (
      await post(app, '', { application, completerEmail: 'morgan@elliscivil.example' })
    ).json()
    const first = await linkIn(app, 'person1@elliscivil.example', 'sign')
    expect((await sign(app, first, false)).statusCode).toBe(200)

    // Opened from the status page: the form's values, signatures empty.
    const values = (await post(app, '/application', { token: statusToken })).json().values
    expect(values.section1.businessName).toBe('Ellis Civil Works')
    expect(values.section1.sameAddresses).toBe(true)

    const changed = structuredClone(application)
    changed.section1.businessName = 'Ellis Civil Works and Haulage'
    const response = await post(app, '', {
      application: changed,
      completerEmail: 'morgan@elliscivil.example',
      statusToken,
    })
    expect(response.statusCode, response.body).toBe(201)
    const status = (await post(app, '/status', { token: statusToken })).json()
    expect(status.businessName).toBe('Ellis Civil Works and Haulage')
    expect(status.signers[0]).toMatchObject({ state: 'waiting', changedAfterSigning: true, signedAt: null })
    const view = (await post(app, '/request', { token: first })).json() as SigningRequestView
    expect(view.changedAfterSigning).toBe(true)
    expect(view.document.title).toContain('Ellis Civil Works and Haulage')
    const mail = (await findOutboxMessages(app.db)).find((message) => message.subject.includes('has changed'))
    expect(mail?.to_address).toBe('person1@elliscivil.example')
  })

  it('sends at most three reminders, 48 hours apart, each once even when two instances look at the same time', async () => {
    const { app, advance } = await setUp(dialect)
    await post(app, '', { application: await unsigned(3), completerEmail: 'morgan@elliscivil.example' })
    const { createCreditSigning } = await import('../../../src/modules/credit/signing.ts')
    const { createCreditService } = await import('../../../src/modules/credit/service.ts')
    const instance = () => {
      const credit = createCreditService({
        db: app.db,
        accountsEmail: 'a@b.example',
        siteUrl: 'http://x',
        clock: app.clock,
      })
      return createCreditSigning({ db: app.db, siteUrl: 'http://x', clock: app.clock, credit })
    }
    const [one, two] = [instance(), instance()]
    const reminders = async () =>
      (await findOutboxMessages(app.db)).filter((mail) => mail.subject.startsWith('Reminder:')).length

    advance(47 * HOUR)
    expect(await one.sendReminders()).toBe(0)
    for (let round = 1; round <= 4; round++) {
      advance(49 * HOUR)
      const sent = await Promise.all([one.sendReminders(), two.sendReminders()])
      expect(sent[0] + sent[1]).toBe(round <= 3 ? 1 : 0)
      expect(await reminders()).toBe(Math.min(round, 3))
    }
  })

  it('shows administrators the applications waiting for signatures, with their progress', async () => {
    const { app } = await setUp(dialect)
    await post(app, '', { application: await unsigned(0), completerEmail: 'morgan@elliscivil.example' })
    await sign(app, await linkIn(app, 'person1@elliscivil.example', 'sign'))
    await expectAdminOnly(app, [{ method: 'GET', url: '/api/admin/credit-applications/awaiting-signatures' }])
    const admin = await createAdmin(app)
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/credit-applications/awaiting-signatures',
      headers: bearer(await tokenFor(app, admin)),
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().items).toEqual([
      expect.objectContaining({ businessName: 'Ellis Civil Works', signed: 1, declined: 0, total: 2 }),
    ])
  })
})
