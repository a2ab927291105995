import type { FastifyReply } from 'fastify'
import type { BankDetails } from './business.ts'
import type { ReceivablesDeps } from './payments.ts'
import { generateStatementPdf } from './statement-pdf.ts'
import { accountStatement } from './statements.ts'

/** What the statement's PDF needs beyond the database: the business's bank details (null: ask for them). */
export interface PdfDeps {
  bank: BankDetails | null
}

/** Answers the account's statement for the month as a PDF download. */
export async function statementPdfReply(
  deps: ReceivablesDeps & PdfDeps,
  reply: FastifyReply,
  accountId: number,
  month: string,
) {
  const statement = await accountStatement(deps, accountId, month)
  const pdf = await generateStatementPdf(statement, deps.bank, deps.clock())
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="statement-${statement.account.accountNumber}-${month}.pdf"`,
    )
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf))
}
