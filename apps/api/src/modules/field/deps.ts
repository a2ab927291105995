import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../db/database.ts'
import type { Clock } from '../../lib/time.ts'
import type { PdfSealer } from '../credit/pdf/seal.ts'

/** What the field module's services share (ADR 050). */
export interface FieldDeps {
  db: Executor
  clock: Clock
  /** Seals the docket PDFs. */
  seal: PdfSealer
  log: FastifyBaseLogger
}
