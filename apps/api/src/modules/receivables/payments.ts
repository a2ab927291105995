import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { formatMoney } from '@signalway/shared/money'
import {
  amountOwing,
  RECEIVABLES_MESSAGES as MESSAGES,
  type Payment,
  type PaymentInput,
} from '@signalway/shared/receivables'
import type { Executor } from '../../db/database.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import type { Clock } from '../../lib/time.ts'
import { type PaymentAuditAction, writeAudit } from '../audit/audit.ts'
import type { Who } from '../bookings/admin.ts'
import { melbourneDay, toPayment } from './figures.ts'
import {
  findAccountInvoices,
  findPayment,
  findReversalOf,
  insertAllocations,
  insertPayment,
  listAccountAllocations,
  listPaymentAllocations,
  lockAccount,
  type PaymentRow,
} from './repository.ts'

/*
 * Payments staff record (requirements §22, ADR 051): EFT, card over the phone (its receipt reference only, never
 * a card number) and cheques, allocated to the account's invoices. Every entry is inserted, never changed: an
 * allocation is undone by a negative allocation naming it, a payment by a negative payment naming it whose
 * negative allocations undo its allocations; each may be reversed once (unique indexes). Each write holds the
 * account (lockAccount), so the checks against the amounts owing and the payment see every earlier write.
 */

export interface ReceivablesDeps {
  db: Executor
  clock: Clock
}

type Allocation = { invoiceId: number; amountCents: number }

async function accountOf(trx: Executor, accountId: number) {
  const account = await lockAccount(trx, accountId)
  if (!account) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  return account
}

/** Checks the allocations against the account's invoices and what is left of the payment, then inserts them. */
async function allocate(
  trx: Executor,
  target: { accountId: number; paymentId: number; leftCents: number; createdAt: string; by: number },
  allocations: readonly Allocation[],
) {
  const invoices = await findAccountInvoices(
    trx,
    target.accountId,
    allocations.map((item) => item.invoiceId),
  )
  if (invoices.length !== allocations.length)
    throw new ValidationError({ allocations: [MESSAGES.invoiceNotOfAccount] })
  const sum = allocations.reduce((total, item) => total + item.amountCents, 0)
  if (sum > target.leftCents) throw new ValidationError({ allocations: [MESSAGES.overPayment] })
  for (const item of allocations) {
    const invoice = invoices.find((row) => row.id === item.invoiceId)
    if (!invoice) continue
    const owing = amountOwing({
      totalCents: invoice.total_cents,
      allocatedCents: Number(invoice.allocated_cents ?? 0),
      adjustedCents: Number(invoice.adjusted_cents ?? 0),
    })
    if (item.amountCents > owing)
      throw new ValidationError({
        allocations: [MESSAGES.overOwing(invoice.number, formatMoney(Math.max(owing, 0) as never))],
      })
  }
  return insertAllocations(
    trx,
    allocations.map((item) => ({
      payment_id: target.paymentId,
      invoice_id: item.invoiceId,
      amount_cents: item.amountCents,
      reverses_allocation_id: null,
      created_at: target.createdAt,
      created_by: target.by,
    })),
  )
}

async function audit(
  trx: Executor,
  who: Who,
  action: PaymentAuditAction,
  paymentId: number,
  after: object,
  at: Date,
) {
  await writeAudit(trx, {
    actor: who.actor,
    action,
    targetType: 'payment',
    targetId: String(paymentId),
    before: null,
    after,
    requestId: who.context.requestId,
    ip: who.context.ip,
    at,
  })
}

/** The payment as staff read it, inside the transaction that wrote it. */
async function paymentView(trx: Executor, row: PaymentRow): Promise<Payment> {
  const [allocations, reversal] = await Promise.all([
    listAccountAllocations(trx, row.account_id),
    findReversalOf(trx, row.id),
  ])
  return toPayment(row, allocations, reversal?.id ?? null)
}

export async function recordPayment(
  deps: ReceivablesDeps,
  accountId: number,
  input: PaymentInput,
  who: Who,
): Promise<Payment> {
  const now = deps.clock()
  if (input.receivedOn > melbourneDay(now))
    throw new ValidationError({ receivedOn: [MESSAGES.receivedOnFuture] })
  return deps.db.transaction().execute(async (trx) => {
    await accountOf(trx, accountId)
    const by = Number(who.actor.id)
    const payment = await insertPayment(trx, {
      account_id: accountId,
      method: input.method,
      received_on: input.receivedOn,
      amount_cents: input.amountCents,
      reference: input.reference,
      notes: input.notes,
      reverses_payment_id: null,
      created_at: now.toISOString(),
      created_by: by,
    })
    const target = {
      accountId,
      paymentId: payment.id,
      leftCents: input.amountCents,
      createdAt: payment.created_at,
      by,
    }
    const allocations = await allocate(trx, target, input.allocations)
    await audit(
      trx,
      who,
      'payment.record',
      payment.id,
      { ...input, accountId, allocations: allocations.map((a) => a.id) },
      now,
    )
    return paymentView(trx, payment)
  })
}

/** The payment, when it may still be allocated or reversed: not a reversal, not reversed. */
async function openPayment(trx: Executor, accountId: number, paymentId: number) {
  await accountOf(trx, accountId)
  const payment = await findPayment(trx, accountId, paymentId)
  if (!payment) throw new NotFoundError(MESSAGES.paymentNotFound)
  if (payment.reverses_payment_id !== null) throw new ConflictError(MESSAGES.reversal)
  if (await findReversalOf(trx, payment.id)) throw new ConflictError(MESSAGES.reversed)
  return payment
}

export async function allocatePayment(
  deps: ReceivablesDeps,
  ids: { accountId: number; paymentId: number },
  allocations: readonly Allocation[],
  who: Who,
): Promise<Payment> {
  const now = deps.clock()
  return deps.db.transaction().execute(async (trx) => {
    const payment = await openPayment(trx, ids.accountId, ids.paymentId)
    const existing = await listPaymentAllocations(trx, payment.id)
    const leftCents = payment.amount_cents - existing.reduce((sum, row) => sum + row.amount_cents, 0)
    const target = { ...ids, leftCents, createdAt: now.toISOString(), by: Number(who.actor.id) }
    const rows = await allocate(trx, target, allocations)
    await audit(trx, who, 'payment.allocate', payment.id, { allocations: rows }, now)
    return paymentView(trx, payment)
  })
}

/** The allocations of a payment not yet reversed, each with its negative twin to insert. */
function reversalsOf(rows: Awaited<ReturnType<typeof listPaymentAllocations>>) {
  const reversed = new Set(rows.map((row) => row.reverses_allocation_id))
  return rows.filter((row) => row.amount_cents > 0 && !reversed.has(row.id))
}

export async function reversePayment(
  deps: ReceivablesDeps,
  ids: { accountId: number; paymentId: number },
  reason: string,
  who: Who,
): Promise<Payment> {
  const now = deps.clock()
  return deps.db.transaction().execute(async (trx) => {
    const payment = await openPayment(trx, ids.accountId, ids.paymentId)
    const by = Number(who.actor.id)
    const reversal = await insertPayment(trx, {
      account_id: payment.account_id,
      method: payment.method,
      received_on: melbourneDay(now),
      amount_cents: -payment.amount_cents,
      reference: payment.reference,
      notes: reason,
      reverses_payment_id: payment.id,
      created_at: now.toISOString(),
      created_by: by,
    })
    const undone = reversalsOf(await listPaymentAllocations(trx, payment.id))
    await insertAllocations(
      trx,
      undone.map((row) => ({
        payment_id: reversal.id,
        invoice_id: row.invoice_id,
        amount_cents: -row.amount_cents,
        reverses_allocation_id: row.id,
        created_at: reversal.created_at,
        created_by: by,
      })),
    )
    await audit(
      trx,
      who,
      'payment.reverse',
      payment.id,
      { reversalId: reversal.id, reason, amountCents: reversal.amount_cents },
      now,
    )
    return paymentView(trx, reversal)
  })
}

export async function reverseAllocation(
  deps: ReceivablesDeps,
  ids: { accountId: number; paymentId: number; allocationId: number },
  reason: string,
  who: Who,
): Promise<Payment> {
  const now = deps.clock()
  return deps.db.transaction().execute(async (trx) => {
    const payment = await openPayment(trx, ids.accountId, ids.paymentId)
    const rows = await listPaymentAllocations(trx, payment.id)
    const allocation = rows.find((row) => row.id === ids.allocationId && row.amount_cents > 0)
    if (!allocation) throw new NotFoundError(MESSAGES.allocationNotFound)
    if (!reversalsOf(rows).includes(allocation)) throw new ConflictError(MESSAGES.allocationReversed)
    const [undo] = await insertAllocations(trx, [
      {
        payment_id: payment.id,
        invoice_id: allocation.invoice_id,
        amount_cents: -allocation.amount_cents,
        reverses_allocation_id: allocation.id,
        created_at: now.toISOString(),
        created_by: Number(who.actor.id),
      },
    ])
    await audit(
      trx,
      who,
      'payment.allocation-reverse',
      payment.id,
      { allocationId: allocation.id, reversalId: undo?.id, reason },
      now,
    )
    return paymentView(trx, payment)
  })
}
