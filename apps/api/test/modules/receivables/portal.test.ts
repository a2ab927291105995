import { RECEIVABLES_MESSAGES as MESSAGES } from '@signalway/shared/receivables'
import { describe, expect, it } from 'vitest'
import { DIALECTS } from '../../helpers/build.ts'
import { insertAdjustmentNote, insertInvoice } from '../../helpers/invoices.ts'
import { pay, receivablesWorld } from './helpers.ts'

/*
 * My Account → Invoices (requirements §22): the account's Account admins and Accounts members see every invoice
 * and adjustment note with its status, the balance, the credit limit, the available credit and the ageing, and
 * download statements; Orderers and Site supervisors get 403, anyone outside the account 404.
 */

describe.each(DIALECTS)('invoices in My Account on %s', (dialect) => {
  it('shows the account’s invoices, notes and position to Account admins and Accounts members only', async () => {
    const world = await receivablesWorld(dialect)
    const invoice = await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000301',
      dueDate: '2026-12-20',
    })
    await insertInvoice(world.app, { accountId: world.other.id, number: 'INV-000302' })
    await insertAdjustmentNote(world.app, {
      invoiceId: invoice.id,
      subtotalCents: 10_000,
      number: 'AN-000301',
    })
    await pay(world, { amountCents: 50_000, allocations: [{ invoiceId: invoice.id, amountCents: 50_000 }] })
    const url = `/api/my-account/customer-accounts/${world.account.id}/invoices`
    for (const member of [world.members.admin, world.members.accounts]) {
      const response = await world.app.inject({ method: 'GET', url, headers: member.headers })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json()).toMatchObject({
        invoices: [{ number: 'INV-000301', status: 'Part paid', owingCents: 110_000 - 11_000 - 50_000 }],
        adjustmentNotes: [{ number: 'AN-000301', invoiceNumber: 'INV-000301', totalCents: 11_000 }],
        balanceCents: 49_000,
        creditLimitCents: 5_000_000,
        availableCreditCents: 5_000_000 - 49_000,
        ageing: { currentCents: 49_000 },
      })
    }
    for (const member of [world.members.orderer, world.members.supervisor]) {
      const response = await world.app.inject({ method: 'GET', url, headers: member.headers })
      expect(response.statusCode).toBe(403)
      expect(response.json().Message).toBe(MESSAGES.rolesOnly)
      const statement = await world.app.inject({
        method: 'GET',
        url: url.replace('invoices', 'statements/2026-12/pdf'),
        headers: member.headers,
      })
      expect(statement.statusCode).toBe(403)
    }
    const outsider = await world.app.inject({
      method: 'GET',
      url: `/api/my-account/customer-accounts/${world.other.id}/invoices`,
      headers: world.members.admin.headers,
    })
    expect(outsider.statusCode).toBe(404)
  })

  it('gives the statement as JSON and PDF to the account’s readers', async () => {
    const world = await receivablesWorld(dialect)
    await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000311',
      issueDate: '2026-12-01',
      dueDate: '2026-12-31',
    })
    const base = `/api/my-account/customer-accounts/${world.account.id}/statements/2026-12`
    const json = await world.app.inject({ method: 'GET', url: base, headers: world.members.accounts.headers })
    expect(json.statusCode, json.body).toBe(200)
    expect(json.json()).toMatchObject({
      openingBalanceCents: 0,
      closingBalanceCents: 110_000,
      entries: [{ reference: 'INV-000311' }],
    })
    const pdf = await world.app.inject({
      method: 'GET',
      url: `${base}/pdf`,
      headers: world.members.admin.headers,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const other = await world.app.inject({
      method: 'GET',
      url: `/api/my-account/customer-accounts/${world.other.id}/statements/2026-12`,
      headers: world.members.accounts.headers,
    })
    expect(other.statusCode).toBe(404)
  })
})
