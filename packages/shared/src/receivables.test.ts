import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  accountBalance,
  ageingBucket,
  ageingOf,
  amountOwing,
  invoiceStatus,
  looksLikeCardNumber,
  monthDays,
  paymentInputSchema,
  unallocatedCredit,
} from './receivables.ts'

describe('an invoice’s amount owing and status', () => {
  const invoice = { totalCents: 110_000, allocatedCents: 0, adjustedCents: 0 }

  it('is the total less allocations and adjustment notes', () => {
    expect(amountOwing({ totalCents: 110_000, allocatedCents: 30_000, adjustedCents: 11_000 })).toBe(69_000)
  })

  it('says Unpaid, Part paid, Paid and Overdue by the Melbourne day', () => {
    expect(invoiceStatus(invoice, '2026-12-15', '2026-12-15')).toBe('Unpaid')
    expect(invoiceStatus({ ...invoice, allocatedCents: 1 }, '2026-12-15', '2026-12-15')).toBe('Part paid')
    expect(invoiceStatus({ ...invoice, allocatedCents: 110_000 }, '2026-12-15', '2027-03-01')).toBe('Paid')
    expect(invoiceStatus({ ...invoice, adjustedCents: 110_000 }, '2026-12-15', '2027-03-01')).toBe('Paid')
    expect(invoiceStatus(invoice, '2026-12-15', '2026-12-16')).toBe('Overdue')
    expect(invoiceStatus({ ...invoice, allocatedCents: 5 }, '2026-12-15', '2026-12-16')).toBe('Overdue')
  })

  it('is Unpaid again when the only allocation is reversed (net zero)', () => {
    expect(invoiceStatus({ ...invoice, allocatedCents: 50_000 - 50_000 }, '2026-12-15', '2026-12-01')).toBe(
      'Unpaid',
    )
  })

  it('is Paid exactly when nothing is owed, whatever the day (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -100, max: 100 }),
        (total, allocated, adjusted, offset) => {
          const figures = { totalCents: total, allocatedCents: allocated, adjustedCents: adjusted }
          const today = `2026-12-${String(15 + Math.max(-14, Math.min(16, offset))).padStart(2, '0')}`
          const status = invoiceStatus(figures, '2026-12-15', today)
          expect(status === 'Paid').toBe(amountOwing(figures) <= 0)
          if (status !== 'Paid') expect(status === 'Overdue').toBe(today > '2026-12-15')
        },
      ),
    )
  })
})

describe('the account’s balance and credit', () => {
  it('is invoices less notes less payments, and equals the amounts owing less the unallocated credit (property)', () => {
    const entries = fc.array(
      fc.record({
        total: fc.integer({ min: 1, max: 1_000_000 }),
        allocated: fc.integer({ min: 0, max: 1_000_000 }),
        adjusted: fc.integer({ min: 0, max: 1_000_000 }),
      }),
      { maxLength: 20 },
    )
    fc.assert(
      fc.property(entries, fc.integer({ min: 0, max: 5_000_000 }), (invoices, unallocated) => {
        const allocated = invoices.reduce((sum, item) => sum + item.allocated, 0)
        const paid = allocated + unallocated
        const balance = accountBalance({
          invoicedCents: invoices.reduce((sum, item) => sum + item.total, 0),
          adjustedCents: invoices.reduce((sum, item) => sum + item.adjusted, 0),
          paidCents: paid,
        })
        const owing = invoices.reduce(
          (sum, item) =>
            sum +
            amountOwing({
              totalCents: item.total,
              allocatedCents: item.allocated,
              adjustedCents: item.adjusted,
            }),
          0,
        )
        expect(balance).toBe(owing - unallocatedCredit(paid, allocated))
      }),
    )
  })
})

describe('ageing', () => {
  it('puts amounts by days past due: current, 1–30, 31–60, more than 60', () => {
    expect(ageingBucket('2026-12-15', '2026-12-15')).toBe('currentCents')
    expect(ageingBucket('2026-12-15', '2026-12-01')).toBe('currentCents')
    expect(ageingBucket('2026-12-15', '2026-12-16')).toBe('days30Cents')
    expect(ageingBucket('2026-12-15', '2027-01-14')).toBe('days30Cents')
    expect(ageingBucket('2026-12-15', '2027-01-15')).toBe('days60Cents')
    expect(ageingBucket('2026-12-15', '2027-02-13')).toBe('days60Cents')
    expect(ageingBucket('2026-12-15', '2027-02-14')).toBe('days90PlusCents')
  })

  it('adds up to the amounts owing (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            due: fc.integer({ min: 0, max: 400 }),
            owing: fc.integer({ min: -1_000_000, max: 1_000_000 }),
          }),
        ),
        (items) => {
          const owing = items.map((item) => ({
            dueDate: new Date(Date.UTC(2026, 0, 1 + item.due)).toISOString().slice(0, 10),
            owingCents: item.owing,
          }))
          const ageing = ageingOf(owing, '2026-10-01')
          const sum = ageing.currentCents + ageing.days30Cents + ageing.days60Cents + ageing.days90PlusCents
          expect(sum).toBe(items.reduce((total, item) => total + item.owing, 0))
        },
      ),
    )
  })
})

describe('months', () => {
  it('gives a month’s first and last days, leap years included', () => {
    expect(monthDays('2026-11')).toEqual({ first: '2026-11-01', last: '2026-11-30' })
    expect(monthDays('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' })
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' })
    expect(monthDays('2026-13')).toBeUndefined()
    expect(monthDays('2026-1')).toBeUndefined()
  })
})

describe('card numbers in references', () => {
  it('refuses a 13 to 19 digit run passing Luhn, written with or without spaces', () => {
    expect(looksLikeCardNumber('4111111111111111')).toBe(true)
    expect(looksLikeCardNumber('card 4111 1111 1111 1111 ok')).toBe(true)
    expect(looksLikeCardNumber('5555-5555-5555-4444')).toBe(true)
    expect(looksLikeCardNumber('4222222222222')).toBe(true)
  })

  it('lets receipts, short runs and numbers failing Luhn through', () => {
    expect(looksLikeCardNumber('Receipt 004512')).toBe(false)
    expect(looksLikeCardNumber('4111111111111112')).toBe(false)
    expect(looksLikeCardNumber('411111111111')).toBe(false)
    expect(looksLikeCardNumber('INV-000123 SW-10001')).toBe(false)
  })

  it('says so on the reference of a payment', () => {
    const result = paymentInputSchema.safeParse({
      method: 'card',
      receivedOn: '2026-12-01',
      amountCents: 100,
      reference: '4111 1111 1111 1111',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/looks like a card number/u)
  })
})
