import type { FastifyBaseLogger } from 'fastify'
import type { BankDetails } from '../../config.ts'
import type { Executor } from '../../db/database.ts'
import type { Clock } from '../../lib/time.ts'
import type { PdfSealer } from '../credit/pdf/seal.ts'

/** What billing's services share (ADR 051). */
export interface BillingDeps {
  db: Executor
  clock: Clock
  /** Seals the invoice and adjustment note PDFs. */
  seal: PdfSealer
  log: FastifyBaseLogger
  /** Printed on every invoice for payment by EFT. */
  bank: BankDetails
}
