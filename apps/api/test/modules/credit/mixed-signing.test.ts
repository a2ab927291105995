import type { CreditPayload } from '@signalway/shared/credit'
import { SIGNING_MESSAGES } from '@signalway/shared/credit/signing'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { OutboxRow } from '../../../src/db/schema.ts'
import type { MailMessage, MailTransport } from '../../../src/lib/mail/transport.ts'
import { CREDIT_MAILS_PER_DAY } from '../../../src/modules/credit/mail-limits.ts'
import { insertMailLog } from '../../../src/modules/outbox/mail-log-repository.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { ERASED_BODY } from '../../../src/modules/outbox/retention.ts'
import { markEmailConfirmed } from '../../../src/modules/users/repository.ts'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { creditApplicationFixture, pngDataUrl, signaturePng } from '../../helpers/credit.ts'
import { apply, pdfText } from './helpers.ts'
import { linkIn, post, sign, unsigned } from './signing-helpers.ts'

/*
 * Mixed signing (ADR 036): some signers sign on the device that sends the application for signing, the others
 * by the link emailed to them; the application is submitted once everyone has signed. Each director who gave
 * a personal guarantee is then sent their copy: the PDF only at an address shown to be theirs (ADR 032).
 */

const HOUR = 60 * 60 * 1000
const COMPLETER = 'morgan@elliscivil.example'
const SENDER = { ip: '203.0.113.40', agent: 'Mozilla/5.0 (Macintosh) Sender/1.0' }
const PHONE = { ip: '198.51.100.7', agent: 'Mozilla/5.0 (iPhone) Director/2.0' }

async function setUp(dialect: Dialect) {
  let now = new Date('2026-11-26T00:00:00.000Z')
  const delivered: MailMessage[] = []
  const transport: MailTransport = {
    kind: 'smtp',
    send: async (message) => void delivered.push(message),
    close() {},
  }
  const { app } = await buildTestApp({
    dialect,
    env: { RATE_LIMIT_FACTOR: '20' },
    build: { clock: () => now, mailTransport: transport },
  })
  return { app, delivered, advance: (ms: number) => (now = new Date(now.getTime() + ms)) }
}

/** The application with the first `here` persons' signature (and guarantee, for a Pty Ltd) drawn on this device. */
async function signedHere(emails: readonly string[] = [], here = 1, customerType: 0 | 2 = 0) {
  const application = await unsigned(customerType, emails)
  const drawn = application.section2.persons.slice(0, here)
  const list = (seed: number) =>
    JSON.stringify(
      drawn.map((person, index) => ({
        id: person.id,
        name: person.name,
        specimen: pngDataUrl(signaturePng({ seed: seed + index })),
      })),
    )
  application.section4 = {
    ...application.section4,
    signatures: list(11),
    guarantors: customerType === 0 ? list(61) : '[]',
  }
  return application
}

const start = (app: FastifyInstance, application: CreditPayload, statusToken?: string) =>
  post(
    app,
    '',
    { application, completerEmail: COMPLETER, ...(statusToken ? { statusToken } : {}) },
    { ip: SENDER.ip, agent: SENDER.agent },
  )

const mailsTo = async (app: FastifyInstance, to: string) =>
  (await findOutboxMessages(app.db)).filter((mail) => mail.to_address === to)

const attachmentsOf = (mail: OutboxRow | undefined) =>
  JSON.parse(mail?.attachments ?? '[]') as { fileId: string; filename: string }[]

const GUARANTEE_SUBJECT = /^Your guarantee: application for credit with Signalway Traffic Hire \(CA-/u

describe.each(DIALECTS)('mixed signing on %s', (dialect) => {
  it('one director signs here, the other by link: submitted on the last signature, and each guarantor gets their copy at the address that signed', async () => {
    const { app, delivered } = await setUp(dialect)
    // The first director's address is also the applicant's: typed, never proved by a link.
    const application = await signedHere(['accounts@elliscivil.example', 'person2@elliscivil.example'])
    const started = await start(app, application)
    expect(started.statusCode, started.body).toBe(201)
    expect(started.json().signers).toBe(1)
    const statusToken = started.json().statusToken as string

    // Only the director who did not sign here is asked, by email; the status link counts one signer.
    expect(await mailsTo(app, 'accounts@elliscivil.example')).toEqual([])
    expect(await mailsTo(app, 'person2@elliscivil.example')).toHaveLength(1)
    const [statusMail] = await mailsTo(app, COMPLETER)
    expect(statusMail?.text_body).toContain('to the director named in it')
    const status = (await post(app, '/status', { token: statusToken })).json()
    expect(
      status.signers.map((signer: { state: string; onDevice: boolean }) => [signer.state, signer.onDevice]),
    ).toEqual([
      ['signed', true],
      ['waiting', false],
    ])
    // The signature drawn here is not kept in the application as it waits: it is on the signer's row.
    const row = await app.db.selectFrom('credit_signings').select('payload').executeTakeFirstOrThrow()
    expect(JSON.parse(row.payload).section4).toMatchObject({ signatures: '[]', guarantors: '[]' })
    // The on-device signer has nothing to resend or move.
    const first = status.signers[0] as { id: number }
    expect((await post(app, '/resend', { token: statusToken, signerId: first.id })).statusCode).toBe(409)

    const link = await linkIn(app, 'person2@elliscivil.example', 'sign')
    const last = await sign(app, link, true, 5, PHONE)
    expect(last.json()).toEqual({ submitted: true })
    const submitted = (await post(app, '/status', { token: statusToken })).json().submitted
    expect(submitted?.reference).toMatch(/^CA-/u)

    // The guarantors' copies: the link signer's with the PDF, the other's (an address nobody proved) without.
    const copies = (await findOutboxMessages(app.db)).filter((mail) => GUARANTEE_SUBJECT.test(mail.subject))
    expect(copies.map((mail) => mail.to_address).sort()).toEqual([
      'accounts@elliscivil.example',
      'person2@elliscivil.example',
    ])
    const byLink = copies.find((mail) => mail.to_address === 'person2@elliscivil.example')
    const onDevice = copies.find((mail) => mail.to_address === 'accounts@elliscivil.example')
    expect(attachmentsOf(byLink)).toHaveLength(1)
    expect(byLink?.text_body).toContain('is attached')
    expect(attachmentsOf(onDevice)).toEqual([])
    expect(onDevice?.text_body).toContain('this email address has not been shown to be yours')
    for (const mail of copies) {
      const text = `${mail.subject}\n${mail.text_body}`
      expect(text).toContain(submitted.reference)
      expect(text).toContain('ABN 51 824 753 556')
      // Nothing typed but the ABN: no names, no addresses, no links.
      for (const typed of ['Morgan', 'Priya', 'Ellis Civil', '@', 'http']) expect(text).not.toContain(typed)
    }
    // The applicant's receipt goes to that same unproved address: no PDF either.
    const receipt = (await mailsTo(app, 'accounts@elliscivil.example')).find((mail) =>
      mail.subject.startsWith('Your application for credit'),
    )
    expect(attachmentsOf(receipt)).toEqual([])

    // The copy attached is the signed application.
    const [file] = attachmentsOf(byLink)
    const pdf = await app.db
      .selectFrom('files')
      .select('data')
      .where('id', '=', file?.fileId ?? '')
      .executeTakeFirstOrThrow()
    const text = await pdfText(Buffer.from(pdf.data))
    expect(text).toContain('Guarantee and Indemnity')
    expect(text).toContain('Signed on their own devices')
    expect(text).toContain('Signed on the device of the person who sent it for signing')
    expect(text).toContain('Email given (no link sent) accounts@elliscivil.example')
    expect(text).toContain('Link sent to person2@elliscivil.example')
    expect(text).toContain(PHONE.agent)
    // The on-device signer signed with the sender: no flag for it, and none for a link opened elsewhere.
    expect(text).not.toContain(SIGNING_MESSAGES.sameDeviceAsSender)

    // Sent: the signing link's body is emptied in the outbox, as every one-time link's is; the copies keep theirs.
    await sendAll(app)
    const sent = await findOutboxMessages(app.db)
    expect(sent.every((mail) => mail.status === 'sent')).toBe(true)
    for (const mail of sent.filter((message) => message.subject.startsWith('Please sign'))) {
      expect(mail.text_body).toBe(ERASED_BODY)
    }
    expect(sent.some((mail) => mail.text_body.includes('/application-for-credit/'))).toBe(false)
    expect(delivered.filter((message) => GUARANTEE_SUBJECT.test(message.subject))).toHaveLength(2)
  })

  it('points out a link opened on the sender’s device, never the signatures drawn there', async () => {
    const { app } = await setUp(dialect)
    const started = await start(app, await signedHere())
    expect(started.statusCode, started.body).toBe(201)
    const link = await linkIn(app, 'person2@elliscivil.example', 'sign')
    expect((await sign(app, link, true, 5, SENDER)).json()).toEqual({ submitted: true })

    const reference = (await post(app, '/status', { token: started.json().statusToken })).json().submitted
      .reference as string
    const admin = await createAdmin(app)
    const record = await app.inject({
      method: 'GET',
      url: `/api/admin/credit-applications/${reference}`,
      headers: bearer(await tokenFor(app, admin)),
    })
    expect(record.statusCode, record.body).toBe(200)
    expect(record.json().application.signingRecord.remoteSigners).toEqual([
      expect.objectContaining({
        email: 'person1@elliscivil.example',
        onDevice: true,
        ip: SENDER.ip,
        sameDeviceAs: [],
        sameDeviceAsSender: false,
      }),
      expect.objectContaining({
        email: 'person2@elliscivil.example',
        onDevice: false,
        sameDeviceAs: ['Morgan Ellis'],
        sameDeviceAsSender: true,
      }),
    ])
  })

  it('checks the signatures drawn here: a person of the application, with their guarantee, a real PNG, and someone left to ask by email', async () => {
    const { app } = await setUp(dialect)
    const refused = async (application: CreditPayload, message: string) => {
      const response = await start(app, application)
      expect(response.statusCode, response.body).toBe(400)
      expect(Object.values(response.json().ModelState ?? {}).flat()).toContain(message)
    }
    const stranger = await signedHere()
    stranger.section4.signatures = JSON.stringify([
      { id: 'someone-else', name: 'X', specimen: pngDataUrl(signaturePng()) },
    ])
    await refused(stranger, SIGNING_MESSAGES.signOnDeviceInvalid)

    const noGuarantee = await signedHere()
    noGuarantee.section4.guarantors = '[]'
    await refused(noGuarantee, SIGNING_MESSAGES.guaranteeRequired)

    const notPng = await signedHere()
    notPng.section4.signatures = JSON.stringify([
      { id: 'person-1', name: 'Morgan Ellis', specimen: 'data:image/png;base64,AAAA' },
    ])
    await refused(notPng, 'Invalid signature.')

    await refused(await signedHere([], 2), SIGNING_MESSAGES.nobodyByEmail)

    // Each signer needs their own address, wherever they sign.
    await refused(
      await signedHere(['same@elliscivil.example', 'Same+x@elliscivil.example']),
      SIGNING_MESSAGES.emailTaken,
    )
    // A partnership has no guarantee: the signature alone.
    expect((await start(app, await signedHere([], 1, 2))).statusCode).toBe(201)
    expect(await app.db.selectFrom('credit_signings').select('id').execute()).toHaveLength(1)
  })

  it('a change withdraws a signature drawn here when the text changes (asked by link), unless drawn again with the change', async () => {
    const { app, advance } = await setUp(dialect)
    const application = await signedHere()
    const statusToken = (await start(app, application)).json().statusToken as string
    advance(HOUR)

    // Changed without drawing again: the on-device signer is asked by link, on the new text.
    const changed = await unsigned(0)
    changed.section1.businessName = 'Ellis Civil Works Group'
    expect((await start(app, changed, statusToken)).statusCode).toBe(201)
    let signers = (await post(app, '/status', { token: statusToken })).json().signers
    expect(signers[0]).toMatchObject({ state: 'waiting', onDevice: false, changedAfterSigning: true })
    const asked = await mailsTo(app, 'person1@elliscivil.example')
    expect(asked.map((mail) => mail.subject)).toEqual([
      'An application for credit with Signalway Traffic Hire has changed: please sign again',
    ])
    const oldLink = await linkIn(app, 'person1@elliscivil.example', 'sign')

    // Changed again, drawn here with the change: signed on this very text, and their link stops working.
    const again = await signedHere()
    again.section1.businessName = 'Ellis Civil Works Group Pty'
    expect((await start(app, again, statusToken)).statusCode).toBe(201)
    signers = (await post(app, '/status', { token: statusToken })).json().signers
    expect(signers[0]).toMatchObject({ state: 'signed', onDevice: true, changedAfterSigning: false })
    expect((await post(app, '/request', { token: oldLink })).statusCode).toBe(404)

    // The other signs the same text: submitted.
    const link = await linkIn(app, 'person2@elliscivil.example', 'sign')
    expect((await sign(app, link, true, 7, PHONE)).json()).toEqual({ submitted: true })
  })

  it('checks the digest of a signature drawn here when the application is submitted: another text’s is withdrawn and asked by link', async () => {
    const { app } = await setUp(dialect)
    const statusToken = (await start(app, await signedHere())).json().statusToken as string
    // As if the text it was drawn on were not the application's (a release that changed the terms, say).
    await app.db
      .updateTable('credit_signers')
      .set({ text_sha256: 'f'.repeat(64) })
      .where('on_device', '=', 1)
      .execute()
    const link = await linkIn(app, 'person2@elliscivil.example', 'sign')
    expect((await sign(app, link, true, 5, PHONE)).json()).toEqual({ submitted: false })
    const status = (await post(app, '/status', { token: statusToken })).json()
    expect(status.submitted).toBeNull()
    expect(status.signers[0]).toMatchObject({ state: 'waiting', onDevice: false, changedAfterSigning: true })
    expect((await mailsTo(app, 'person1@elliscivil.example')).map((mail) => mail.subject)).toEqual([
      'An application for credit with Signalway Traffic Hire has changed: please sign again',
    ])
    expect(await app.db.selectFrom('credit_applications').select('id').execute()).toEqual([])

    // By link now: submitted.
    const relink = await linkIn(app, 'person1@elliscivil.example', 'sign')
    expect((await sign(app, relink, true, 9, PHONE)).json()).toEqual({ submitted: true })
  })
})

describe.each(DIALECTS)('the guarantors’ copies on %s', (dialect) => {
  it('signed on one device: each guarantor is told, the PDF only at the sending account’s confirmed address', async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(0)
    const account = await createUser(app, { email: 'person1@elliscivil.example' })
    await markEmailConfirmed(app.db, account.id, app.clock())
    const response = await apply(app, payload, bearer(await tokenFor(app, account)))
    expect(response.statusCode, response.body).toBe(200)
    const copies = (await findOutboxMessages(app.db)).filter((mail) => GUARANTEE_SUBJECT.test(mail.subject))
    expect(copies.map((mail) => [mail.to_address, attachmentsOf(mail).length]).sort()).toEqual([
      ['person1@elliscivil.example', 1],
      ['person2@elliscivil.example', 0],
    ])
    // Other customer types give no guarantee.
    const partnership = await apply(app, await creditApplicationFixture(2))
    expect(partnership.statusCode).toBe(200)
    expect(
      (await findOutboxMessages(app.db)).filter((mail) => GUARANTEE_SUBJECT.test(mail.subject)),
    ).toHaveLength(2)
  })

  it('respects the daily limit per recipient (its mailbox): past it the copy is skipped, the submission goes', async () => {
    const { app } = await buildTestApp({ dialect })
    const now = app.clock()
    for (let count = 0; count < CREDIT_MAILS_PER_DAY['guarantor-copy']; count++) {
      await insertMailLog(app.db, 'guarantor-copy', 'person1@elliscivil.example', now)
    }
    const payload = await creditApplicationFixture(0)
    const first = payload.section2.persons[0]
    if (first) first.email = 'Person1+guarantee@elliscivil.example'
    const response = await apply(app, payload)
    expect(response.statusCode, response.body).toBe(200)
    const copies = (await findOutboxMessages(app.db)).filter((mail) => GUARANTEE_SUBJECT.test(mail.subject))
    expect(copies.map((mail) => mail.to_address)).toEqual(['person2@elliscivil.example'])
  })
})

async function sendAll(app: FastifyInstance): Promise<void> {
  for (;;) {
    const result = await app.outbox.runOnce()
    if (result.sent === 0) return
  }
}
