import type { CustomerType } from '@signalway/shared/constants'
import type { CreditPayload } from '@signalway/shared/credit'
import { TOKEN_LINK_MARKERS, TOKEN_PAGES, tokenPageOf } from '@signalway/shared/token-pages'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { OutboxRow } from '../../../src/db/schema.ts'
import type { MailMessage, MailTransport } from '../../../src/lib/mail/transport.ts'
import {
  confirmEmailMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  passwordResetMail,
} from '../../../src/modules/accounts/mail.ts'
import { creditDecisionMail } from '../../../src/modules/credit/mail.ts'
import { createCreditService } from '../../../src/modules/credit/service.ts'
import { createCreditSigning } from '../../../src/modules/credit/signing.ts'
import { declinedMail, signerMail, statusMail } from '../../../src/modules/credit/signing-mail.ts'
import { accountInvitationMail } from '../../../src/modules/customer-accounts/mail.ts'
import { claimDueMessages, findOutboxMessages, markSent } from '../../../src/modules/outbox/repository.ts'
import { ERASED_BODY } from '../../../src/modules/outbox/retention.ts'
import { enqueueMail } from '../../../src/modules/outbox/service.ts'
import { secondFactorResetMail } from '../../../src/modules/users/mail.ts'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect, useTestDatabase } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { requestEmailChange } from '../../helpers/email-change.ts'
import { contact, nextIp, post as postEnquiry } from '../enquiries/helpers.ts'

/*
 * A sent email that held a live link (password reset, email change, a saved credit application, a signer's link,
 * the signing status page) keeps no copy of it: once sent, its bodies are emptied in the outbox, its subject,
 * recipient and times kept. Every kind of such email is made here by the code that sends it, through its route
 * where there is one, and the rest through its builder.
 */

const HOUR = 60 * 60 * 1000
const SITE_URL = 'https://hire.example.com'

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
    env: { SITE_URL },
    build: { clock: () => now, mailTransport: transport },
  })
  return { app, delivered, advance: (ms: number) => (now = new Date(now.getTime() + ms)) }
}

async function sendAll(app: FastifyInstance): Promise<number> {
  let sent = 0
  for (;;) {
    const result = await app.outbox.runOnce()
    expect(result.retried + result.failed).toBe(0)
    if (result.sent === 0) return sent
    sent += result.sent
  }
}

/** The token pages a text links to (a marker followed by a token). */
function linkedPages(text: string | null): string[] {
  const lower = (text ?? '').toLowerCase()
  const holds = (marker: string) =>
    lower
      .split(marker)
      .slice(1)
      .some((rest) => /^[^\s"'<]/.test(rest))
  return TOKEN_LINK_MARKERS.filter(holds)
    .map((marker) => tokenPageOf(marker.replace(/\?$/, ''))?.path ?? marker)
    .filter((path, index, all) => all.indexOf(path) === index)
}

async function unsigned(customerType: CustomerType = 0): Promise<CreditPayload> {
  const payload = await creditApplicationFixture(customerType)
  return { ...payload, section4: { ...payload.section4, signatures: '[]', guarantors: '[]' } }
}

/** Every email with a live link, each made by the code that sends it; answers the subject of each, by kind. */
async function queueEveryLinkMail(app: FastifyInstance, advance: (ms: number) => void) {
  const user = await createUser(app, { email: 'kim@example.com', firstName: 'Kim' })
  const reset = await app.inject({
    method: 'PATCH',
    url: `/api/v1/core/accounts/${encodeURIComponent(user.email)}/password/reset/request`,
  })
  expect(reset.statusCode, reset.body).toBe(200)
  const change = await requestEmailChange(app, user, 'kim.new@example.com')
  expect(change.response.statusCode, change.response.body).toBe(200)
  const other = await createUser(app, { email: 'casey@example.com' })
  const own = await app.inject({
    method: 'POST',
    url: '/api/my-account/confirm-email',
    headers: bearer(await tokenFor(app, other)),
  })
  expect(own.statusCode, own.body).toBe(202)
  const invited = await app.inject({
    method: 'POST',
    url: '/api/v1/core/accounts/admin/invite',
    headers: bearer(await tokenFor(app, await createAdmin(app))),
    payload: {
      firstName: 'Jo',
      lastName: 'Invited',
      email: 'jo@example.com',
      mobile: '0412345678',
      memberType: 1,
    },
  })
  expect(invited.statusCode, invited.body).toBe(201)

  const draft = await app.inject({
    method: 'POST',
    url: '/api/apply-for-credit/drafts',
    payload: { email: 'sam@leetraffic.example', values: { section1: { fullNameOfCustomer: 'Lee' } } },
  })
  expect(draft.statusCode, draft.body).toBe(201)

  const started = await app.inject({
    method: 'POST',
    url: '/api/apply-for-credit/signing',
    payload: { application: await unsigned(0), completerEmail: 'morgan@elliscivil.example' },
  })
  expect(started.statusCode, started.body).toBe(201)
  const { statusToken } = started.json()
  const status = await app.inject({
    method: 'POST',
    url: '/api/apply-for-credit/signing/status',
    payload: { token: statusToken },
  })
  const resent = await app.inject({
    method: 'POST',
    url: '/api/apply-for-credit/signing/resend',
    payload: { token: statusToken, signerId: status.json().signers[1].id },
  })
  expect(resent.statusCode, resent.body).toBe(200)
  advance(49 * HOUR)
  const credit = createCreditService({
    db: app.db,
    accountsEmail: 'a@b.example',
    siteUrl: SITE_URL,
    clock: app.clock,
  })
  const signing = createCreditSigning({ db: app.db, siteUrl: SITE_URL, clock: app.clock, credit })
  expect(await signing.sendReminders()).toBeGreaterThan(0)

  // The builders of the same emails, and the signer's email of a changed application (sent by an edit from the
  // status page).
  const link = (path: string) => `${SITE_URL}${path}`
  const expiresAt = new Date(app.clock().getTime() + 14 * 24 * HOUR)
  const signer = {
    to: 'lee@example.com',
    role: 'Director',
    guarantee: true,
    abn: '51 824 753 556',
    expiresAt,
  }
  for (const mail of [
    passwordResetMail({ email: 'a@example.com', firstName: 'A' }, link('/reset-password/?t=built-reset'), 30),
    confirmEmailMail(
      { newEmail: 'b@example.com', firstName: 'B' },
      link('/confirm-email/?t=built-confirm'),
      24,
    ),
    emailChangeRequestedMail(
      { email: 'c@example.com', firstName: 'C' },
      'b@example.com',
      link('/cancel-email-change/?t=built-cancel'),
    ),
    ...(['request', 'reminder', 'changed'] as const).map((kind) =>
      signerMail(kind, { ...signer, link: link(`/application-for-credit/sign/built-${kind}`) }),
    ),
    statusMail({
      to: 'sam@example.com',
      role: 'Director',
      signers: 1,
      abn: '51 824 753 556',
      link: link('/application-for-credit/status/built-status'),
      expiresAt,
    }),
    // An HTML body only: its link counts as much.
    {
      to: 'html@example.com',
      subject: 'A link in the HTML',
      text: 'Open the email in a mail program that shows HTML.',
      html: `<p><a href="${link('/application-for-credit/resume/built-resume')}">Continue</a></p>`,
    },
    // An invitation to join a customer account (requirements §18).
    accountInvitationMail('join@example.com', {
      legalName: 'Ellis Civil Works Pty Ltd',
      role: 'orderer',
      inviter: 'Olive Owner',
      link: link('/join-account/?t=built-join'),
    }),
  ])
    await enqueueMail(app.db, mail, app.clock())
}

/** Emails without a live link, through their routes and builders. */
async function queueMailWithoutLinks(app: FastifyInstance) {
  const enquiry = await postEnquiry(app, '/api/contact', contact, { ip: nextIp() })
  expect(enquiry.statusCode, enquiry.body).toBe(201)
  const to = (n: number) => ({ email: `dana${n}@example.com`, firstName: 'Dana' })
  const decision = creditDecisionMail('approved', {
    reference: 'CA-1',
    creditLimit: 5000,
    paymentTermsDays: 30,
    question: '',
  })
  if (!decision) throw new Error('an approval sends an email')
  for (const mail of [
    passwordChangedMail(to(1), SITE_URL),
    emailChangedMail(to(2), 'dana.new@example.com', SITE_URL),
    secondFactorResetMail(to(3), SITE_URL),
    declinedMail({ to: to(4).email, role: 'Director', abn: '51 824 753 556' }),
    { to: to(5).email, ...decision },
    // Only the address of a token page, with no token: nothing to keep secret.
    { to: to(6).email, subject: 'Forgot?', text: `Reset it at ${SITE_URL}/reset-password/ or call us.` },
  ])
    await enqueueMail(app.db, mail, app.clock())
}

describe.each(DIALECTS)('emails with a live link, on %s', (dialect) => {
  it('are sent whole, then emptied in the outbox: subject, recipient and times kept; others keep their bodies', async () => {
    const { app, delivered, advance } = await setUp(dialect)
    await queueEveryLinkMail(app, advance)
    await queueMailWithoutLinks(app)
    const queued = await findOutboxMessages(app.db)
    const withLinks = queued.filter(
      (row) => linkedPages(row.text_body).length + linkedPages(row.html_body).length,
    )
    const withoutLinks = queued.filter((row) => !withLinks.includes(row))

    // Every kind, from its route (first) and its builder.
    const pagesOf = (row: OutboxRow) =>
      [...linkedPages(row.text_body), ...linkedPages(row.html_body)].join(' ')
    expect(withLinks.map((row) => `${row.to_address} ${pagesOf(row)}`)).toEqual([
      'kim@example.com /reset-password/',
      'kim.new@example.com /confirm-email/',
      'kim@example.com /cancel-email-change/',
      // A confirmation of the account's own address.
      'casey@example.com /confirm-email/',
      // An invitation to set one's password (ADR 035).
      'jo@example.com /accept-invitation/',
      'sam@leetraffic.example /application-for-credit/resume/',
      // The two directors' requests, the status page's link, a request sent again, two reminders.
      'person1@elliscivil.example /application-for-credit/sign/',
      'person2@elliscivil.example /application-for-credit/sign/',
      'morgan@elliscivil.example /application-for-credit/status/',
      'person2@elliscivil.example /application-for-credit/sign/',
      'person1@elliscivil.example /application-for-credit/sign/',
      'person2@elliscivil.example /application-for-credit/sign/',
      'a@example.com /reset-password/',
      'b@example.com /confirm-email/',
      'c@example.com /cancel-email-change/',
      // A request, a reminder and a changed application.
      'lee@example.com /application-for-credit/sign/',
      'lee@example.com /application-for-credit/sign/',
      'lee@example.com /application-for-credit/sign/',
      'sam@example.com /application-for-credit/status/',
      'html@example.com /application-for-credit/resume/',
      'join@example.com /join-account/',
    ])
    expect(withLinks.filter((row) => row.subject.startsWith('Reminder:'))).toHaveLength(3)
    expect(withoutLinks.map((row) => row.to_address)).toEqual([
      'enquiries@signalway.example',
      'jane@example.com',
      ...[1, 2, 3, 4, 5, 6].map((n) => `dana${n}@example.com`),
    ])
    // Every token page that an email links to is among them.
    const emailed = new Set(
      withLinks.flatMap((row) => [...linkedPages(row.text_body), ...linkedPages(row.html_body)]),
    )
    expect([...emailed].sort()).toEqual(
      TOKEN_PAGES.map((page) => page.path)
        .filter((path) => !path.startsWith('/api/'))
        .sort(),
    )

    advance(60_000)
    expect(await sendAll(app)).toBe(queued.length)

    // The recipients got the links.
    for (const row of withLinks) {
      const message = delivered.find((mail) => mail.to === row.to_address && mail.subject === row.subject)
      expect(`${message?.text}${message?.html ?? ''}`, row.subject).toContain('https://hire.example.com/')
    }
    const after = new Map((await findOutboxMessages(app.db)).map((row) => [row.id, row]))
    for (const row of withLinks) {
      expect(after.get(row.id), row.subject).toEqual<OutboxRow>({
        ...row,
        status: 'sent',
        text_body: ERASED_BODY,
        html_body: null,
        sent_at: app.clock().toISOString(),
        next_attempt_at: row.next_attempt_at,
        locked_until: null,
        lock_token: null,
      })
    }
    for (const row of withoutLinks) {
      expect(after.get(row.id), row.subject).toMatchObject({
        status: 'sent',
        text_body: row.text_body,
        html_body: row.html_body,
      })
    }
  })

  it('keep their bodies until sent: a failed one can be sent again by staff, and is emptied then', async () => {
    let failing = true
    const delivered: MailMessage[] = []
    const transport: MailTransport = {
      kind: 'smtp',
      send: async (message) => {
        if (failing) throw new Error('550 mailbox unavailable')
        delivered.push(message)
      },
      close() {},
    }
    const { app } = await buildTestApp({ dialect, build: { mailTransport: transport } })
    const user = await createUser(app, { email: 'kim@example.com' })
    await app.inject({ method: 'PATCH', url: `/api/v1/core/accounts/${user.email}/password/reset/request` })
    const [queued] = await findOutboxMessages(app.db)
    expect(queued?.text_body).toContain('/reset-password/?t=')

    await app.db.updateTable('outbox').set({ attempts: 9 }).execute()
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 })
    expect(await findOutboxMessages(app.db)).toMatchObject([
      { status: 'failed', text_body: queued?.text_body },
    ])

    const admin = await createAdmin(app)
    const retried = await app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${queued?.id}/retry`,
      headers: bearer(await tokenFor(app, admin)),
    })
    expect(retried.statusCode, retried.body).toBe(200)
    failing = false
    expect(await app.outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 })
    expect(delivered[0]?.text).toBe(queued?.text_body)
    expect(await findOutboxMessages(app.db)).toMatchObject([
      { status: 'sent', subject: queued?.subject, to_address: 'kim@example.com', text_body: ERASED_BODY },
    ])
  })

  it('are emptied by the statement that marks them sent, only by the worker holding them, once with two instances', async () => {
    const database = await useTestDatabase(dialect)
    const sent: MailMessage[] = []
    const transport: MailTransport = {
      kind: 'smtp',
      send: async (message) => void sent.push(message),
      close() {},
    }
    const first = await buildTestApp({ database, build: { mailTransport: transport } })
    const second = await buildTestApp({ database, build: { mailTransport: transport } })
    const db = first.app.db
    const mail = (n: number) =>
      passwordResetMail(
        { email: `p${n}@example.com`, firstName: 'P' },
        `${SITE_URL}/reset-password/?t=token-${n}`,
        30,
      )
    const id = await enqueueMail(db, mail(0))

    // A worker whose claim was taken over (its lease ran out) marks nothing sent, and empties nothing.
    const now = new Date()
    const claim = (lockToken: string) =>
      claimDueMessages(db, {
        dialect,
        now,
        lockedUntil: new Date(now.getTime() + 60_000),
        lockToken,
        limit: 10,
      })
    expect(await claim('slow-worker')).toHaveLength(1)
    await db.updateTable('outbox').set({ lock_token: 'other-worker' }).where('id', '=', id).execute()
    await markSent(db, id, 'slow-worker', now)
    expect(await findOutboxMessages(db)).toMatchObject([{ status: 'sending', text_body: mail(0).text }])
    await markSent(db, id, 'other-worker', now)
    expect(await findOutboxMessages(db)).toMatchObject([{ status: 'sent', text_body: ERASED_BODY }])

    for (let n = 1; n <= 12; n++) await enqueueMail(db, mail(n))
    const runs = await Promise.all([
      first.app.outbox.runOnce(),
      second.app.outbox.runOnce(),
      first.app.outbox.runOnce(),
      second.app.outbox.runOnce(),
    ])
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(12)
    expect(sent.map((message) => message.to).sort()).toEqual(
      Array.from({ length: 12 }, (_, n) => `p${n + 1}@example.com`).sort(),
    )
    const rows = await findOutboxMessages(db)
    expect(rows.map((row) => [row.status, row.text_body, row.html_body])).toEqual(
      rows.map(() => ['sent', ERASED_BODY, null]),
    )
  })
})
