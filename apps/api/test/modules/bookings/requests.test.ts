import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BOOKING_REQUEST_MESSAGES, STAFF_CHECK_WORDS } from '@signalway/shared/bookings'
import { HIRE_TERMS_SHA256 } from '@signalway/shared/hire-terms-version'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { DIALECTS } from '../../helpers/build.ts'
import { addMember, openAccount } from '../customer-accounts/helpers.ts'
import { type BookingWorld, book, bookingWorld, expectField, mailsTo } from './request-helpers.ts'

/*
 * The booking request and an Account admin's approval (requirements §19, ADR 048): who may book, the PO and terms
 * checks, the status and staff check it starts with, the units it reserves, its sealed hire agreement and emails.
 */

async function setAccount(
  world: BookingWorld,
  values: { credit_limit_cents?: number; on_hold?: number; po_required?: number },
) {
  await world.app.db.updateTable('customer_accounts').set(values).where('id', '=', world.accountId).execute()
}

async function linesOf(world: BookingWorld, bookingId: number) {
  return world.app.db.selectFrom('booking_lines').selectAll().where('booking_id', '=', bookingId).execute()
}

describe.each(DIALECTS)('booking requests (%s)', (dialect) => {
  it('books for an orderer: a reference, the price, reserved units, the audit, the sealed agreement and mail', async () => {
    const world = await bookingWorld(dialect)
    const response = await book(world, world.orderer.headers, {
      lines: [{ typeId: world.typeId, quantity: 2 }],
    })
    expect(response.statusCode, response.body).toBe(201)
    const booking = response.json()
    expect(booking.reference).toMatch(/^BK-\d{4}-000001$/)
    expect(booking).toMatchObject({
      status: 'requested',
      staffCheck: null,
      totalCents: 288_200,
      hasAgreement: true,
    })
    expect(booking.units.map((unit: { fleetNumber: string }) => unit.fleetNumber)).toEqual([
      'VMS-0001',
      'VMS-0002',
    ])
    expect(booking.items).toEqual([
      expect.objectContaining({ quantity: 2, dayRateCents: 25_000, weekRateCents: 120_000 }),
    ])
    const row = await world.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      accepted_name: 'Sam Orderer',
      accepted_user_agent: 'Booking test browser',
      terms_sha256: HIRE_TERMS_SHA256,
    })
    const lines = await linesOf(world, booking.id)
    expect(
      lines.every(
        (line) => line.booking_ref === booking.reference && line.booking_item_id === booking.items[0].id,
      ),
    ).toBe(true)
    const audit = await findAuditEntries(world.app.db, 'booking', String(booking.id))
    expect(audit.map((entry) => entry.action)).toEqual(['booking.request'])

    const pdf = await world.app.inject({
      method: 'GET',
      url: `${world.base}/${booking.id}/agreement.pdf`,
      headers: world.admin.headers,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    // Sealed as the credit application is: a PAdES signature over its bytes.
    expect(pdf.rawPayload.toString('latin1')).toContain('/ETSI.CAdES.detached')
    const file = join(mkdtempSync(join(tmpdir(), 'agreement-')), 'agreement.pdf')
    writeFileSync(file, pdf.rawPayload)
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString()
    expect(text).toContain(booking.reference)
    expect(text).toContain(HIRE_TERMS_SHA256)
    expect(text).toContain('Terms and Conditions of Hire')

    const [mail] = await mailsTo(world.app, world.orderer.user.email)
    expect(mail?.subject).toBe(`Booking ${booking.reference} received`)
    expect(mail?.text_body).toContain('Our team will check the booking and confirm it with you.')
    expect(await mailsTo(world.app, world.admin.user.email)).toEqual([])
  })

  it('is for Orderers and Account admins: 403 for a Site supervisor or Accounts, 404 outside the account', async () => {
    const world = await bookingWorld(dialect, 3)
    expect((await book(world, world.admin.headers)).statusCode).toBe(201)
    for (const role of ['site_supervisor', 'accounts']) {
      const member = await addMember(world.app, world.accountId, role, [world.siteId])
      expect((await book(world, member.headers)).statusCode).toBe(403)
    }
    const { id: other } = await openAccount(world.app, null, 'Other Civil')
    const stranger = await addMember(world.app, other, 'account_admin')
    expect((await book(world, stranger.headers)).statusCode).toBe(404)
  })

  it('needs a PO when the account requires one, and the current terms', async () => {
    const world = await bookingWorld(dialect)
    await setAccount(world, { po_required: 1 })
    expectField(
      await book(world, world.orderer.headers, { poNumber: '' }),
      'poNumber',
      BOOKING_REQUEST_MESSAGES.poRequired,
    )
    const stale = await book(world, world.orderer.headers, {
      terms: { accepted: true, name: 'Sam Orderer', version: '2020-01-01', sha256: '0'.repeat(64) },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(BOOKING_REQUEST_MESSAGES.termsChanged)
  })

  it('books a new site in the same request', async () => {
    const world = await bookingWorld(dialect)
    const response = await book(world, world.orderer.headers, {
      siteId: undefined,
      newSite: {
        name: 'Geelong ring road',
        address: {
          fullAddress: '5 Ring Road, Geelong VIC 3214',
          unitNumber: '',
          streetNumber: '5',
          streetName: 'Ring Road',
          city: 'Geelong',
          state: 'VIC',
          postcode: '3214',
        },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ siteName: 'Geelong ring road', deliveryFeeCents: 22_000 })
    const noPostcode = await book(world, world.orderer.headers, {
      siteId: undefined,
      newSite: { name: 'Somewhere', address: { fullAddress: 'Somewhere VIC' } },
    })
    expectField(noPostcode, 'newSite.address.postcode', 'Enter the site’s postcode.')
  })

  it('holds a booking on a held account or over the available credit for staff', async () => {
    const world = await bookingWorld(dialect, 3)
    await setAccount(world, { on_hold: 1 })
    const held = await book(world, world.orderer.headers)
    expect(held.json()).toMatchObject({ status: 'requested', staffCheck: 'on_hold' })
    await setAccount(world, { on_hold: 0, credit_limit_cents: held.json().totalCents + 1000 })
    // The first booking uses the credit: the second is over what is left.
    const over = await book(world, world.orderer.headers)
    expect(over.json()).toMatchObject({ status: 'requested', staffCheck: 'over_credit' })
    const mails = await mailsTo(world.app, world.orderer.user.email)
    expect(mails.at(-1)?.text_body).toContain(STAFF_CHECK_WORDS.over_credit)
  })

  it('gives the last unit to one of two bookings at once: the other is 409 naming the type', async () => {
    const world = await bookingWorld(dialect, 1)
    const answers = await Promise.all([book(world, world.orderer.headers), book(world, world.admin.headers)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    const refused = answers.find((answer) => answer.statusCode === 409)
    expect(refused?.json().Message).toContain('VMS board, full matrix, trailer mounted')
    expect(await world.app.db.selectFrom('booking_lines').selectAll().execute()).toHaveLength(1)
  })

  it("waits for an Account admin's approval over an orderer's limit, then goes to staff", async () => {
    const world = await bookingWorld(dialect)
    await world.app.db
      .updateTable('customer_account_members')
      .set({ approval_limit_cents: 1000 })
      .where('id', '=', world.orderer.memberId)
      .execute()
    const response = await book(world, world.orderer.headers)
    const booking = response.json()
    expect(booking.status).toBe('awaiting_approval')
    expect((await mailsTo(world.app, world.orderer.user.email))[0]?.text_body).toContain(
      'waits for an Account admin',
    )
    const [adminMail] = await mailsTo(world.app, world.admin.user.email)
    expect(adminMail?.subject).toBe(`Booking ${booking.reference} needs your approval`)
    expect(adminMail?.text_body).toContain(`/my-account/accounts/${world.accountId}/bookings/${booking.id}/`)

    const url = `${world.base}/${booking.id}/approve`
    const byOrderer = await world.app.inject({
      method: 'POST',
      url,
      headers: world.orderer.headers,
      payload: { version: booking.version },
    })
    expect(byOrderer.statusCode).toBe(403)
    const stale = await world.app.inject({
      method: 'POST',
      url,
      headers: world.admin.headers,
      payload: { version: booking.version + 1 },
    })
    expect(stale.statusCode).toBe(409)
    const approved = await world.app.inject({
      method: 'POST',
      url,
      headers: world.admin.headers,
      payload: { version: booking.version },
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({
      status: 'requested',
      staffCheck: null,
      version: booking.version + 1,
    })
    const again = await world.app.inject({
      method: 'POST',
      url,
      headers: world.admin.headers,
      payload: { version: booking.version + 1 },
    })
    expect(again.json().Message).toBe(BOOKING_REQUEST_MESSAGES.notAwaitingApproval)
    expect((await mailsTo(world.app, world.orderer.user.email)).at(-1)?.subject).toBe(
      `Booking ${booking.reference} approved`,
    )
    const audit = await findAuditEntries(world.app.db, 'booking', String(booking.id))
    expect(audit.map((entry) => entry.action).sort()).toEqual(['booking.approve', 'booking.request'])
  })

  it('frees the units of a booking an Account admin declines', async () => {
    const world = await bookingWorld(dialect)
    await world.app.db
      .updateTable('customer_account_members')
      .set({ approval_limit_cents: 1000 })
      .where('id', '=', world.orderer.memberId)
      .execute()
    const booking = (await book(world, world.orderer.headers)).json()
    expect(await linesOf(world, booking.id)).toHaveLength(1)
    const declined = await world.app.inject({
      method: 'POST',
      url: `${world.base}/${booking.id}/decline`,
      headers: world.admin.headers,
      payload: { version: booking.version, reason: 'Not this job.' },
    })
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'Not this job.', units: [] })
    expect(await linesOf(world, booking.id)).toEqual([])
    const mail = (await mailsTo(world.app, world.orderer.user.email)).at(-1)
    expect(mail?.subject).toBe(`Booking ${booking.reference} declined`)
    expect(mail?.text_body).toContain('Not this job.')
  })

  it('lists and shows bookings to members, a Site supervisor only those of their sites', async () => {
    const world = await bookingWorld(dialect, 3)
    const booking = (await book(world, world.orderer.headers)).json()
    const list = await world.app.inject({ method: 'GET', url: world.base, headers: world.admin.headers })
    expect(list.json().items.map((item: { id: number }) => item.id)).toEqual([booking.id])
    const filtered = await world.app.inject({
      method: 'GET',
      url: `${world.base}?status=declined`,
      headers: world.admin.headers,
    })
    expect(filtered.json().items).toEqual([])
    const ownSite = await addMember(world.app, world.accountId, 'site_supervisor', [world.siteId])
    const otherSite = await addMember(world.app, world.accountId, 'site_supervisor', [])
    const detail = `${world.base}/${booking.id}`
    expect(
      (await world.app.inject({ method: 'GET', url: detail, headers: ownSite.headers })).json().reference,
    ).toBe(booking.reference)
    expect(
      (await world.app.inject({ method: 'GET', url: detail, headers: otherSite.headers })).statusCode,
    ).toBe(404)
    expect(
      (await world.app.inject({ method: 'GET', url: `${detail}/agreement.pdf`, headers: otherSite.headers }))
        .statusCode,
    ).toBe(404)
    expect(
      (await world.app.inject({ method: 'GET', url: world.base, headers: otherSite.headers })).json().items,
    ).toEqual([])
  })
})
