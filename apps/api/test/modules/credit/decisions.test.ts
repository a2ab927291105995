import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { apply } from './helpers.ts'
import { linkIn, post, sign, unsigned } from './signing-helpers.ts'

/*
 * Credit decisions (ADR 020): statuses, the assignee, an approval's limit and terms, internal notes, the
 * history of changes (the audit log), the applicant's emails, and a save from an older copy refused.
 */

async function setUp(dialect: 'sqlite' | 'postgres') {
  const { app } = await buildTestApp({ dialect })
  const payload = await creditApplicationFixture(3)
  payload.section1.businessName = 'Ellis Civil'
  const response = await apply(app, payload)
  expect(response.statusCode, response.body).toBe(200)
  const reference = response.headers['x-application-reference'] as string
  const admin = await createAdmin(app, { firstName: 'Ada', lastName: 'Admin' })
  const headers = bearer(await tokenFor(app, admin))
  return { app, reference, admin, headers }
}

function url(reference: string, tail = '') {
  return `/api/admin/credit-applications/${encodeURIComponent(reference)}${tail}`
}

async function detail(app: FastifyInstance, reference: string, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: url(reference), headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

function decide(app: FastifyInstance, reference: string, headers: Record<string, string>, payload: object) {
  return app.inject({ method: 'PATCH', url: url(reference), headers, payload })
}

/** The applicant's mail queued after the submission's two. */
async function decisionMails(app: FastifyInstance) {
  return (await findOutboxMessages(app.db)).filter(
    (message) =>
      message.to_address === 'accounts@elliscivil.example' &&
      !message.subject.startsWith('Your application for credit with') &&
      !message.subject.startsWith('Join the '),
  )
}

/** The invitations to join the account an approval opens (the application was sent signed out). */
async function joinMails(app: FastifyInstance) {
  return (await findOutboxMessages(app.db)).filter((message) => message.subject.startsWith('Join the '))
}

describe.each(DIALECTS)('credit decisions on %s', (dialect) => {
  it('answers 401 anonymous and 403 to types 1 and 2 on every decision endpoint; 404 for an unknown reference', async () => {
    const { app, reference, headers } = await setUp(dialect)
    const regular = bearer(await tokenFor(app, await createUser(app, { memberType: 1 })))
    const company = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    const endpoints = [
      { method: 'GET', url: url(reference) },
      { method: 'PATCH', url: url(reference), payload: { version: 1, status: 'declined' } },
      { method: 'POST', url: url(reference, '/notes'), payload: { body: 'Called them.' } },
    ] as const
    for (const endpoint of endpoints) {
      expect((await app.inject(endpoint)).statusCode, `${endpoint.method} anonymous`).toBe(401)
      for (const other of [regular, company]) {
        expect((await app.inject({ ...endpoint, headers: other })).statusCode, endpoint.method).toBe(403)
      }
    }
    expect((await detail(app, reference, headers)).status).toBe('received')
    const unknown = await app.inject({ method: 'GET', url: url('CA-2026-NOSUCH00'), headers })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().Message).toBe('Credit application not found.')
  })

  it('shows every value of the application: the sections, each director, the signatures and guarantees, the record', async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(0)
    const applied = await apply(app, payload)
    expect(applied.statusCode, applied.body).toBe(200)
    const reference = applied.headers['x-application-reference'] as string
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const { application } = await detail(app, reference, headers)

    expect(application.sections.map((section: { title: string }) => section.title)).toEqual([
      'Customer Information',
      'Director Details',
      'Accounts Payable Contact',
    ])
    const rows = Object.fromEntries(
      application.sections[0].groups[0].rows.map((row: { label: string; value: string }) => [
        row.label,
        row.value,
      ]),
    )
    expect(rows).toMatchObject({
      'Trading or business name': payload.section1.businessName,
      "Customer's full name": payload.section1.fullNameOfCustomer,
      Email: payload.section1.email,
    })
    const directors = application.sections[1].groups
    expect(directors.map((group: { heading: string }) => group.heading)).toEqual(
      payload.section2.persons.map((person, index) => `Director ${index + 1}: ${person.name}`),
    )
    expect(directors[0].rows).toContainEqual({
      label: "Driver's licence",
      value: payload.section2.persons[0]?.driversLicence,
    })
    expect(application.agreedTerms).toBe(true)
    for (const list of [application.signatures, application.guarantors]) {
      expect(list.map((signature: { name: string }) => signature.name)).toEqual(
        payload.section2.persons.map((person) => person.name),
      )
      for (const signature of list) expect(signature.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
    }
    expect(application.guarantors[0].role).toBe('Guarantor')
    expect(application.trustDeed).toBeNull()
    expect(application.signingRecord.payloadSha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('names the trust deed with its size and digest, and gives it to an administrator alone', async () => {
    const { app } = await buildTestApp({ dialect })
    const applied = await apply(app, await creditApplicationFixture(4))
    expect(applied.statusCode, applied.body).toBe(200)
    const reference = applied.headers['x-application-reference'] as string
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const { application, hasTrustDeed } = await detail(app, reference, headers)
    expect(hasTrustDeed).toBe(true)
    expect(application.trustDeed).toMatchObject({
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    const deedRow = application.sections[0].groups[0].rows.find(
      (row: { label: string }) => row.label === 'Trust deed',
    )
    expect(deedRow.value).toContain(application.trustDeed.name)
    expect(deedRow.value).toContain('its pages follow the application in the signed PDF')
    expect(application.guarantors).toEqual([])

    const { id } = await detail(app, reference, headers)
    const deedUrl = `/api/admin/credit-applications/${id}/trust-deed`
    const deed = await app.inject({ method: 'GET', url: deedUrl, headers })
    expect(deed.statusCode).toBe(200)
    expect(deed.headers['content-type']).toBe('application/pdf')
    expect(deed.headers['content-disposition']).toBe(`attachment; filename="trust-deed-${reference}.pdf"`)
    expect(createHash('sha256').update(deed.rawPayload).digest('hex')).toBe(application.trustDeed.sha256)
    expect((await app.inject({ method: 'GET', url: deedUrl })).statusCode).toBe(401)
    const customer = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    expect((await app.inject({ method: 'GET', url: deedUrl, headers: customer })).statusCode).toBe(403)

    // A company's application has no deed.
    const company = await apply(app, await creditApplicationFixture(1))
    const other = await detail(app, company.headers['x-application-reference'] as string, headers)
    const none = await app.inject({
      method: 'GET',
      url: `/api/admin/credit-applications/${other.id}/trust-deed`,
      headers,
    })
    expect(none.statusCode).toBe(404)
    expect(none.json().Message).toBe('This application has no trust deed.')
  })

  it('starts Received and unassigned; records the assignee, a note, and Under review, each in the history', async () => {
    const { app, reference, admin, headers } = await setUp(dialect)
    const first = await detail(app, reference, headers)
    expect(first).toMatchObject({
      reference,
      businessName: 'Ellis Civil',
      status: 'received',
      assignee: null,
      version: 1,
      creditLimit: null,
      paymentTermsDays: null,
      notes: [],
      history: [],
    })

    const assigned = await decide(app, reference, headers, {
      version: 1,
      assigneeId: admin.id,
      status: 'under_review',
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(assigned.json()).toMatchObject({
      status: 'under_review',
      assignee: { id: admin.id, name: 'Ada Admin' },
      version: 2,
    })
    expect(assigned.json().history).toEqual([
      { at: expect.any(String), by: 'Ada Admin', field: 'status', from: 'received', to: 'under_review' },
      { at: expect.any(String), by: 'Ada Admin', field: 'assignee', from: null, to: 'Ada Admin' },
    ])

    const note = await app.inject({
      method: 'POST',
      url: url(reference, '/notes'),
      headers,
      payload: { body: '  Trade references to call on Monday.  ' },
    })
    expect(note.statusCode, note.body).toBe(201)
    expect(note.json()).toEqual({
      id: expect.any(Number),
      author: 'Ada Admin',
      body: 'Trade references to call on Monday.',
      createdAt: expect.any(String),
    })
    const empty = await app.inject({
      method: 'POST',
      url: url(reference, '/notes'),
      headers,
      payload: { body: ' ' },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().ModelState.body).toEqual(['Write the note.'])

    const after = await detail(app, reference, headers)
    expect(after.notes).toHaveLength(1)
    // Under review is the business's work: no email to the applicant.
    expect(await decisionMails(app)).toEqual([])
    // Every change is in the audit log.
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('target_id', '=', reference)
      .execute()
    expect(audit.map((entry) => entry.action)).toEqual([
      'credit-application.update',
      'credit-application.note',
    ])
  })

  it('approves with a limit and default terms of 30 days, and emails the applicant the limit and terms', async () => {
    const { app, reference, headers } = await setUp(dialect)
    const missing = await decide(app, reference, headers, { version: 1, status: 'approved' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().ModelState.creditLimit).toEqual([
      'Enter the credit limit to approve the application.',
    ])
    const fraction = await decide(app, reference, headers, {
      version: 1,
      status: 'approved',
      creditLimit: 10.5,
    })
    expect(fraction.statusCode).toBe(400)

    const approved = await decide(app, reference, headers, {
      version: 1,
      status: 'approved',
      creditLimit: 25000,
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({
      status: 'approved',
      creditLimit: 25000,
      paymentTermsDays: 30,
      version: 2,
    })
    const mails = await decisionMails(app)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe(`Your application for credit has been approved (${reference})`)
    expect(mails[0]?.text_body).toContain('Credit limit: $25,000')
    expect(mails[0]?.text_body).toContain('Payment terms: 30 days from the date of invoice')
    // The account it opens invites the applicant, sent signed out, to be its owner (requirements §18).
    expect((await joinMails(app)).map((message) => message.to_address)).toEqual([
      'accounts@elliscivil.example',
    ])

    // Saving again without a status change sends nothing more.
    const terms = await decide(app, reference, headers, { version: 2, paymentTermsDays: 14 })
    expect(terms.json()).toMatchObject({ status: 'approved', paymentTermsDays: 14, version: 3 })
    expect(await decisionMails(app)).toHaveLength(1)
    expect(await joinMails(app)).toHaveLength(1)
  })

  it("asks for more information with the staff's question, and declines; each emails the applicant", async () => {
    const { app, reference, headers } = await setUp(dialect)
    const noQuestion = await decide(app, reference, headers, {
      version: 1,
      status: 'more_information_needed',
    })
    expect(noQuestion.statusCode).toBe(400)
    expect(noQuestion.json().ModelState.question).toEqual(['Write the question for the applicant.'])
    const asked = await decide(app, reference, headers, {
      version: 1,
      status: 'more_information_needed',
      question: 'Please send the trust deed schedule naming the trustee.',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const declined = await decide(app, reference, headers, { version: 2, status: 'declined' })
    expect(declined.statusCode).toBe(200)
    const mails = await decisionMails(app)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `More information needed for your application for credit (${reference})`,
      `Your application for credit (${reference})`,
    ])
    expect(mails[0]?.text_body).toContain('Please send the trust deed schedule naming the trustee.')
    expect(mails[1]?.text_body).toContain('unable to offer a credit account')
  })

  it('refuses a save from an older copy (409) and keeps the first', async () => {
    const { app, reference, headers } = await setUp(dialect)
    const other = bearer(await tokenFor(app, await createAdmin(app, { firstName: 'Bo', lastName: 'Staff' })))
    const first = await decide(app, reference, headers, { version: 1, status: 'under_review' })
    expect(first.statusCode).toBe(200)
    const second = await decide(app, reference, other, { version: 1, status: 'declined' })
    expect(second.statusCode).toBe(409)
    expect(second.json().Message).toBe(
      'Someone else changed this application while you were editing it. Your changes were not saved: reload it to see theirs.',
    )
    expect((await detail(app, reference, headers)).status).toBe('under_review')
    expect(await decisionMails(app)).toEqual([])
  })

  it("refuses an administrator's decision on their own application and changes nothing; another decides it", async () => {
    const { app } = await buildTestApp({ dialect })
    const ada = await createAdmin(app, {
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'ada@signalway.example',
    })
    const adaHeaders = bearer(await tokenFor(app, ada))
    // Sent while signed in with her account, with another address.
    const payload = await creditApplicationFixture(3)
    payload.section1.email = 'accounts@elliscivil.example'
    const applied = await apply(app, payload, adaHeaders)
    expect(applied.statusCode, applied.body).toBe(200)
    const reference = applied.headers['x-application-reference'] as string

    const own = await detail(app, reference, adaHeaders)
    expect(own).toMatchObject({
      ownApplication: true,
      appliedBy: {
        account: { id: ada.id, name: 'Ada Admin', email: 'ada@signalway.example' },
        email: 'accounts@elliscivil.example',
      },
    })
    for (const change of [
      { version: 1, status: 'approved', creditLimit: 50000, paymentTermsDays: 60 },
      { version: 1, status: 'under_review' },
      { version: 1, creditLimit: 50000 },
      { version: 1, paymentTermsDays: 60 },
      { version: 1, assigneeId: ada.id },
    ]) {
      const refused = await decide(app, reference, adaHeaders, change)
      expect(refused.statusCode, JSON.stringify(change)).toBe(403)
      expect(refused.json().Message).toBe(
        'You cannot decide your own credit application. Another member of staff must decide it.',
      )
    }
    expect(await detail(app, reference, adaHeaders)).toMatchObject({
      status: 'received',
      assignee: null,
      creditLimit: null,
      paymentTermsDays: null,
      version: 1,
      history: [],
    })
    expect(await decisionMails(app)).toEqual([])
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', reference)
      .execute()
    expect(audit).toEqual([])

    // A note she may add.
    const note = await app.inject({
      method: 'POST',
      url: url(reference, '/notes'),
      headers: adaHeaders,
      payload: { body: 'My own application: over to Bo.' },
    })
    expect(note.statusCode, note.body).toBe(201)

    // Another administrator decides it; the history names who changed what, the record who applied.
    const bo = bearer(await tokenFor(app, await createAdmin(app, { firstName: 'Bo', lastName: 'Staff' })))
    expect((await detail(app, reference, bo)).ownApplication).toBe(false)
    const approved = await decide(app, reference, bo, { version: 1, status: 'approved', creditLimit: 20000 })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({
      status: 'approved',
      creditLimit: 20000,
      ownApplication: false,
      appliedBy: { account: { id: ada.id, name: 'Ada Admin' } },
    })
    expect(approved.json().history).toContainEqual({
      at: expect.any(String),
      by: 'Bo Staff',
      field: 'status',
      from: 'received',
      to: 'approved',
    })
  })

  it("treats an application sent signed out with an administrator's address, confirmed or not, as theirs", async () => {
    const { app } = await buildTestApp({ dialect })
    const ada = await createAdmin(app, { email: 'ada@signalway.example' })
    expect(ada.email_confirmed_at).toBeNull()
    const adaHeaders = bearer(await tokenFor(app, ada))
    const payload = await creditApplicationFixture(3)
    payload.section1.email = 'ADA@Signalway.example'
    const applied = await apply(app, payload)
    expect(applied.statusCode, applied.body).toBe(200)
    const reference = applied.headers['x-application-reference'] as string

    expect(await detail(app, reference, adaHeaders)).toMatchObject({
      ownApplication: true,
      appliedBy: { account: null, email: 'ADA@Signalway.example' },
    })
    const refused = await decide(app, reference, adaHeaders, { version: 1, status: 'declined' })
    expect(refused.statusCode).toBe(403)
    expect((await detail(app, reference, adaHeaders)).status).toBe('received')

    const other = bearer(await tokenFor(app, await createAdmin(app)))
    expect((await decide(app, reference, other, { version: 1, status: 'declined' })).statusCode).toBe(200)
    // Someone else's application sent signed out: hers to decide.
    const theirs = await apply(app, await creditApplicationFixture(2))
    const theirsReference = theirs.headers['x-application-reference'] as string
    expect(await detail(app, theirsReference, adaHeaders)).toMatchObject({
      ownApplication: false,
      appliedBy: { account: null },
    })
    const decided = await decide(app, theirsReference, adaHeaders, { version: 1, status: 'under_review' })
    expect(decided.statusCode, decided.body).toBe(200)
  })

  it("treats as an administrator's own an application that gives her mailbox for whoever applied, sent it for signing or signs", async () => {
    const { app } = await buildTestApp({ dialect, env: { RATE_LIMIT_FACTOR: '20' } })
    const ada = await createAdmin(app, { email: 'ada.admin@gmail.com' })
    const adaHeaders = bearer(await tokenFor(app, ada))
    const bo = bearer(
      await tokenFor(app, await createAdmin(app, { firstName: 'Bo', email: 'bo@signalway.example' })),
    )

    /** Sends partners' application for signing, moves a signer's address if asked, and has everyone sign. */
    const signedRemotely = async (
      emails: [string, string],
      completerEmail: string,
      moveSecondTo?: string,
    ) => {
      const started = await post(app, '', { application: await unsigned(2, emails), completerEmail })
      expect(started.statusCode, started.body).toBe(201)
      const statusToken = started.json().statusToken as string
      const signers = [...emails]
      if (moveSecondTo) {
        const second = (await post(app, '/status', { token: statusToken })).json().signers[1]
        const moved = await post(app, '/email', {
          token: statusToken,
          signerId: second.id,
          email: moveSecondTo,
        })
        expect(moved.statusCode, moved.body).toBe(200)
        signers[1] = moveSecondTo
      }
      for (const [index, email] of signers.entries()) {
        expect((await sign(app, await linkIn(app, email, 'sign'), false, index + 1)).statusCode).toBe(200)
      }
      return (await post(app, '/status', { token: statusToken })).json().submitted.reference as string
    }
    const onOneDevice = async (
      change: (payload: Awaited<ReturnType<typeof creditApplicationFixture>>) => void,
    ) => {
      const payload = await creditApplicationFixture(2)
      change(payload)
      const applied = await apply(app, payload)
      expect(applied.statusCode, applied.body).toBe(200)
      return applied.headers['x-application-reference'] as string
    }

    const hers = {
      'applied with a variant of her address': await onOneDevice((payload) => {
        payload.section1.email = 'Ada.Admin+apply@googlemail.com'
      }),
      'naming her as a partner': await onOneDevice((payload) => {
        payload.section2.persons = payload.section2.persons.map((person, index) =>
          index === 1 ? { ...person, email: 'adaadmin@gmail.com' } : person,
        )
      }),
      'sent for signing by her': await signedRemotely(
        ['p1@partners.example', 'p2@partners.example'],
        'AdaAdmin+credit@googlemail.com',
      ),
      'signed by her, named in it': await signedRemotely(
        ['p3@partners.example', 'a.d.a.admin+sign@gmail.com'],
        'someone@partners.example',
      ),
      'signed by her, at an address changed on the status page': await signedRemotely(
        ['p4@partners.example', 'p5@partners.example'],
        'someone@partners.example',
        'ada.admin+moved@gmail.com',
      ),
    }
    const theirs = await signedRemotely(
      ['p6@partners.example', 'p7@partners.example'],
      'someone@partners.example',
    )

    const check = async (label: string, reference: string) => {
      expect((await detail(app, reference, adaHeaders)).ownApplication, label).toBe(true)
      const refused = await decide(app, reference, adaHeaders, { version: 1, status: 'under_review' })
      expect(refused.statusCode, label).toBe(403)
      expect(refused.json().Message).toBe(
        'You cannot decide your own credit application. Another member of staff must decide it.',
      )
      expect((await detail(app, reference, bo)).ownApplication, label).toBe(false)
    }
    for (const [label, reference] of Object.entries(hers)) await check(label, reference)

    // The signing, which held the sender's address, is deleted a while after the submission: it still counts.
    await app.db.deleteFrom('credit_signings').execute()
    await check('sent for signing by her, once the signing is gone', hers['sent for signing by her'])

    // Nothing of hers in it: hers to decide.
    expect((await detail(app, theirs, adaHeaders)).ownApplication).toBe(false)
    const decided = await decide(app, theirs, adaHeaders, { version: 1, status: 'under_review' })
    expect(decided.statusCode, decided.body).toBe(200)
  }, 60_000)

  it('assigns only to an administrator; filters the list by status and assignee, and finds by reference', async () => {
    const { app, reference, admin, headers } = await setUp(dialect)
    const member = await createUser(app, { memberType: 1 })
    const wrong = await decide(app, reference, headers, { version: 1, assigneeId: member.id })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().ModelState.assigneeId).toEqual(['Choose an administrator to assign it to.'])
    const unknownField = await decide(app, reference, headers, { version: 1, reference: 'x' })
    expect(unknownField.statusCode).toBe(400)

    const payload = await creditApplicationFixture(2)
    payload.section1.businessName = 'Other Roads'
    const other = (await apply(app, payload)).headers['x-application-reference'] as string
    await decide(app, reference, headers, { version: 1, assigneeId: admin.id, status: 'under_review' })

    const listed = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/credit-applications${query}`,
        headers,
      })
      expect(response.statusCode, response.body).toBe(200)
      return (response.json() as { items: { reference: string }[] }).items.map((item) => item.reference)
    }
    expect(await listed('?status=under_review')).toEqual([reference])
    expect(await listed('?status=received')).toEqual([other])
    expect(await listed(`?assignee=${admin.id}`)).toEqual([reference])
    expect(await listed('?assignee=none')).toEqual([other])
    expect(await listed(`?search=${encodeURIComponent(other.toLowerCase())}`)).toEqual([other])
    const bad = await app.inject({
      method: 'GET',
      url: '/api/admin/credit-applications?status=lost',
      headers,
    })
    expect(bad.statusCode).toBe(400)
  })
})
