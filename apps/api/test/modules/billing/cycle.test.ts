import { BILLING_MESSAGES } from '@signalway/shared/billing'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { runBillingAsAt } from '../../../src/modules/billing/run.ts'
import { DIALECTS } from '../../helpers/build.ts'
import { adminHeaders } from '../fleet/helpers.ts'
import { billingWorld, hireOnAccount, invoicesOf } from './helpers.ts'

/*
 * An account's billing cycle (ADR 051): staff set it with the account's details (every 28 days from an anchor day,
 * or monthly on a day from 1 to 28), audited; a change of cycle starts from where each unit was invoiced to, so no
 * day is charged twice.
 */

describe.each(DIALECTS)('the billing cycle (%s)', (dialect) => {
  it('is set by staff on the account, refusing a day after the 28th, and audited', async () => {
    const world = await billingWorld(dialect)
    const staff = await adminHeaders(world.app)
    const url = `/api/admin/customer-accounts/${world.accountId}`
    const account = (await world.app.inject({ method: 'GET', url, headers: staff })).json()
    expect(account.billingCycle).toEqual({ kind: 'monthly', anchorDay: null, dayOfMonth: 1 })
    const body = (billingCycle: object) => ({
      version: account.version,
      legalName: account.legalName,
      tradingName: account.tradingName,
      abn: account.abn,
      acn: account.acn,
      billingEmail: account.billingEmail,
      invoiceDelivery: account.invoiceDelivery,
      paymentTermsDays: account.paymentTermsDays,
      poRequired: account.poRequired,
      billingCycle,
    })
    const refused = await world.app.inject({
      method: 'PUT',
      url,
      headers: staff,
      payload: body({ kind: 'monthly', anchorDay: null, dayOfMonth: 31 }),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain(BILLING_MESSAGES.dayOfMonth)
    const noDay = await world.app.inject({
      method: 'PUT',
      url,
      headers: staff,
      payload: body({ kind: 'monthly', anchorDay: null, dayOfMonth: null }),
    })
    expect(noDay.statusCode).toBe(400)

    const saved = await world.app.inject({
      method: 'PUT',
      url,
      headers: staff,
      payload: body({ kind: 'every_28_days', anchorDay: '2026-11-05', dayOfMonth: 9 }),
    })
    expect(saved.statusCode, saved.body).toBe(200)
    // An every-28-days cycle keeps no day of the month.
    expect(saved.json().billingCycle).toEqual({
      kind: 'every_28_days',
      anchorDay: '2026-11-05',
      dayOfMonth: null,
    })
    const audit = await findAuditEntries(world.app.db, 'customer-account', String(world.accountId))
    const update = audit.find((entry) => entry.action === 'customer-account.update')
    expect(JSON.parse(update?.after ?? '{}').billingCycle).toEqual(saved.json().billingCycle)
  })

  it('charges no day twice when the cycle changes: the next invoice starts where the last one ended', async () => {
    const world = await billingWorld(dialect)
    const booking = await hireOnAccount(world, { units: 1, onHireAt: '2026-10-20T22:00:00.000Z' })
    // Monthly on the 1st: October invoiced (21/10 to 31/10).
    await runBillingAsAt(world.deps, new Date('2026-11-02T00:00:00.000Z'))
    // Now every 28 days from 15/11: the period 18/10 to 14/11 ends after what was invoiced (1/11).
    await world.app.db
      .updateTable('customer_accounts')
      .set({ billing_cycle: 'every_28_days', billing_anchor_day: '2026-11-15', billing_day_of_month: null })
      .execute()
    await runBillingAsAt(world.deps, new Date('2026-11-16T00:00:00.000Z'))
    const invoices = await invoicesOf(world.app)
    const lines = await world.app.db
      .selectFrom('invoice_lines')
      .select(['first_day', 'last_day', 'amount_cents'])
      .where('booking_line_id', '=', booking.lineIds[0] as number)
      .orderBy('id')
      .execute()
    expect(invoices.map((invoice) => invoice.work_key)).toEqual([
      `cycle:${world.accountId}:2026-10-31T13:00:00.000Z`,
      `cycle:${world.accountId}:2026-11-14T13:00:00.000Z`,
    ])
    // 11 days: $950 + 4 × $180 = $1,670; then days 12 to 25 (1/11 to 14/11): 25 days = 3 weeks + 4 days = $3,570.
    expect(lines).toEqual([
      { first_day: '2026-10-21', last_day: '2026-10-31', amount_cents: 167_000 },
      { first_day: '2026-11-01', last_day: '2026-11-14', amount_cents: 357_000 - 167_000 },
    ])
  })
})
