import type { FastifyInstance } from 'fastify'
import { insertInvoice } from '../helpers/invoices.ts'

/** For the payments' operations (requirements §22): an invoice of the account, and a payment part allocated to it. */
export interface ReceivablesFixture {
  receivables: { invoiceId: number; paymentId: number; allocationId: number }
}

/**
 * An invoice of $1,100.00 of the fuzz account and a payment of $2,000.00 with $500.00 allocated to it: $1,500.00 of
 * the payment and $600.00 of the invoice are left to allocate, and both the payment and the allocation reversed.
 */
export async function receivablesFixture(
  app: FastifyInstance,
  path: string,
  accountId: number,
): Promise<ReceivablesFixture> {
  if (!path.includes('/payments/')) return { receivables: { invoiceId: 1, paymentId: 1, allocationId: 1 } }
  const invoice = await insertInvoice(app, { accountId, dueDate: '2026-12-31' })
  const at = new Date().toISOString()
  const payment = await app.db
    .insertInto('payments')
    .values({
      account_id: accountId,
      method: 'eft',
      received_on: '2026-01-02',
      amount_cents: 200_000,
      reverses_payment_id: null,
      created_at: at,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const allocation = await app.db
    .insertInto('payment_allocations')
    .values({
      payment_id: payment.id,
      invoice_id: invoice.id,
      amount_cents: 50_000,
      reverses_allocation_id: null,
      created_at: at,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { receivables: { invoiceId: invoice.id, paymentId: payment.id, allocationId: allocation.id } }
}

/** A valid body of each payments operation. */
export function receivablesBodyExamples(fixture: ReceivablesFixture) {
  const payments = '/api/admin/customer-accounts/{id}/payments'
  return {
    [`POST ${payments}`]: {
      method: 'eft',
      receivedOn: '2026-01-02',
      amountCents: 10_000,
      reference: 'EFT 4471',
      notes: '',
      allocations: [],
    },
    [`POST ${payments}/{paymentId}/allocations`]: {
      allocations: [{ invoiceId: fixture.receivables.invoiceId, amountCents: 100 }],
    },
    [`POST ${payments}/{paymentId}/reverse`]: { reason: 'Returned by the bank.' },
    [`POST ${payments}/{paymentId}/allocations/{allocationId}/reverse`]: {
      reason: 'Meant for another invoice.',
    },
  }
}
