import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createPdfSealer } from '../../../src/modules/credit/pdf/seal.ts'
import { retryDocketPdfs, storeDocketPdf } from '../../../src/modules/field/docket-file.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { DIALECTS } from '../../helpers/build.ts'
import { sealEnv } from '../../helpers/seal.ts'
import { pdfPages } from '../credit/helpers.ts'
import { addMember, openAccount } from '../customer-accounts/helpers.ts'
import { assign, confirmedBooking, docketBody, fieldWorld, NOW, photoJpeg, postDocket } from './helpers.ts'

/*
 * The docket's PDF (ADR 050): made after the docket commits, sealed like the other PDFs (pdfsig verifies it),
 * emailed with the PDF attached to the orderer and the site person, listed and downloaded in My Account by the
 * members who may see the booking; and made later by the sweep when it failed.
 */

function pdfsig(pdf: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'docket-seal-')), 'docket.pdf')
  writeFileSync(file, pdf)
  const result = spawnSync('pdfsig', [file], { encoding: 'utf8' })
  return `${result.stdout}${result.stderr}`
}

describe.each(DIALECTS)('the docket PDF on %s', (dialect) => {
  it('is sealed, emailed with the PDF to the orderer and the site person, and in My Account for those who may see the booking', async () => {
    const world = await fieldWorld(dialect)
    const booking = await confirmedBooking(world, 2)
    const stopId = await assign(world, `delivery:${booking.id}`, world.drivers.one.user.id)
    const posted = await postDocket(
      world.app,
      world.drivers.one.headers,
      await docketBody(stopId, ['VMS-0001', 'VMS-0002'], {
        receivedByEmail: 'pat.site@example.com',
        photos: [await photoJpeg()],
        notes: 'Left behind the barrier at gate 3.',
      }),
    )
    expect(posted.statusCode, posted.body).toBe(201)
    const docket = posted.json().docket
    expect(docket.pdfReady).toBe(true)

    // My Account: every member who sees the booking lists it and downloads its PDF.
    const base = `/api/my-account/customer-accounts/${world.accountId}/bookings/${booking.id}/dockets`
    const { admin, orderer, supervisorA, supervisorB, accounts } = world.members
    for (const member of [admin, orderer, supervisorA, accounts]) {
      const list = await world.app.inject({ method: 'GET', url: base, headers: member.headers })
      expect(list.statusCode, list.body).toBe(200)
      expect(list.json().items).toEqual([docket])
    }
    const download = await world.app.inject({
      method: 'GET',
      url: `${base}/${docket.id}/pdf`,
      headers: orderer.headers,
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${docket.reference}-delivery-docket.pdf"`,
    )
    const pdf = download.rawPayload
    const report = pdfsig(pdf)
    expect(report).toContain('Signature Validation: Signature is Valid.')
    expect(report).toContain('Total document signed')
    const text = (await pdfPages(pdf)).join(' ')
    for (const words of [
      `Delivery docket ${docket.reference}`,
      booking.reference,
      'PO-778',
      'Pacific Motorway',
      'VMS-0001',
      'VMS-0002',
      'Dana Driver',
      'Pat Site',
      'Left behind the barrier at gate 3.',
      // 11 am in Melbourne (AEDT), not UTC.
      '10 December 2026 at 11:00',
    ])
      expect(text).toContain(words)

    // A Site supervisor of another site, someone outside the account, and another account's docket: 404.
    const outsider = bearer(await tokenFor(world.app, await createUser(world.app)))
    for (const headers of [supervisorB.headers, outsider]) {
      for (const url of [base, `${base}/${docket.id}/pdf`]) {
        const response = await world.app.inject({ method: 'GET', url, headers })
        expect(response.statusCode, url).toBe(404)
      }
    }
    const elsewhere = await openAccount(world.app, null, 'Other Civil')
    const otherMember = await addMember(world.app, elsewhere.id, 'account_admin')
    const crossed = await world.app.inject({
      method: 'GET',
      url: `/api/my-account/customer-accounts/${elsewhere.id}/bookings/${booking.id}/dockets/${docket.id}/pdf`,
      headers: otherMember.headers,
    })
    expect(crossed.statusCode).toBe(404)

    // Staff: the booking's dockets and the same PDF.
    const staffList = await world.app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${booking.id}/dockets`,
      headers: world.staff,
    })
    expect(staffList.json().items).toEqual([docket])
    const staffPdf = await world.app.inject({
      method: 'GET',
      url: `/api/admin/dockets/${docket.id}/pdf`,
      headers: world.staff,
    })
    expect(staffPdf.rawPayload.equals(pdf)).toBe(true)

    // The emails: the orderer and the site person, each with the PDF attached; no staff "units on hire" email.
    const row = await world.app.db
      .selectFrom('dockets')
      .select(['pdf_file_id', 'pdf_sha256'])
      .executeTakeFirstOrThrow()
    expect(row.pdf_sha256).toMatch(/^[0-9a-f]{64}$/)
    const mails = (await findOutboxMessages(world.app.db)).filter((mail) =>
      mail.subject.includes(docket.reference),
    )
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(
      [orderer.user.email, 'pat.site@example.com'].sort(),
    )
    for (const mail of mails) {
      expect(mail.subject).toBe(`Delivery docket ${docket.reference}: booking ${booking.reference}`)
      expect(mail.text_body).toContain('2 units were delivered to Pacific Motorway')
      expect(JSON.parse(mail.attachments)).toEqual([
        {
          fileId: row.pdf_file_id,
          filename: `${docket.reference}-delivery-docket.pdf`,
          contentType: 'application/pdf',
        },
      ])
    }
    const staffMail = (await findOutboxMessages(world.app.db)).filter((mail) =>
      mail.subject.endsWith('units on hire'),
    )
    expect(staffMail).toEqual([])
  })

  it('is made later by the sweep when making it failed, and emailed once', async () => {
    const world = await fieldWorld(dialect)
    const booking = await confirmedBooking(world, 1)
    const stopId = await assign(world, `delivery:${booking.id}`, world.drivers.one.user.id)
    // The seal's key cannot be read: the docket stands without its PDF.
    const log = { error: vi.fn() }
    const broken = {
      identity: () => Promise.reject(new Error('no key')),
      signerName: () => Promise.resolve('Test seal'),
    }
    const body = await docketBody(stopId, ['VMS-0001'])
    const posted = await postDocket(world.app, world.drivers.one.headers, body)
    expect(posted.statusCode).toBe(201)
    const docketId = posted.json().docket.id as number
    await world.app.db.updateTable('dockets').set({ pdf_file_id: null, pdf_sha256: null }).execute()
    await world.app.db.deleteFrom('outbox').execute()
    const brokenDeps = { db: world.app.db, clock: () => world.clock.now, seal: broken, log: log as never }
    expect(await storeDocketPdf(brokenDeps, docketId)).toBe(false)
    expect(log.error).toHaveBeenCalledOnce()
    const pending = await world.app.inject({
      method: 'GET',
      url: `/api/my-account/customer-accounts/${world.accountId}/bookings/${booking.id}/dockets`,
      headers: world.members.orderer.headers,
    })
    expect(pending.json().items[0].pdfReady).toBe(false)
    const notYet = await world.app.inject({
      method: 'GET',
      url: `/api/admin/dockets/${docketId}/pdf`,
      headers: world.staff,
    })
    expect(notYet.statusCode).toBe(404)

    // The sweep leaves a docket alone for its first half minute, then makes it; a second sweep does nothing.
    const seal = createPdfSealer({
      p12Path: sealEnv().PDF_SEAL_P12,
      password: sealEnv().PDF_SEAL_PASSWORD,
      demoPath: '',
    })
    const deps = { ...brokenDeps, seal }
    expect(await retryDocketPdfs(deps)).toBe(0)
    world.clock.now = new Date(new Date(NOW).getTime() + 60_000)
    expect(await retryDocketPdfs(deps)).toBe(1)
    expect(await retryDocketPdfs(deps)).toBe(0)
    const mails = await findOutboxMessages(world.app.db)
    expect(mails.map((mail) => mail.to_address)).toEqual([world.members.orderer.user.email])
    const made = await world.app.inject({
      method: 'GET',
      url: `/api/admin/dockets/${docketId}/pdf`,
      headers: world.staff,
    })
    expect(made.statusCode).toBe(200)
    expect(pdfsig(made.rawPayload)).toContain('Signature Validation: Signature is Valid.')
    const attempts = await world.app.db.selectFrom('dockets').select('pdf_attempts').executeTakeFirstOrThrow()
    expect(attempts.pdf_attempts).toBe(1)
  })
})
