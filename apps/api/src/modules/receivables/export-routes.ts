import { exportQuerySchema } from '@signalway/shared/receivables'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { adminSchema } from '../customer-accounts/route-options.ts'
import { adjustmentNotesCsv, type CsvFile, invoicesCsv, PAYMENT_CSV_COLUMNS, paymentsCsv } from './exports.ts'
import type { ReceivablesDeps } from './payments.ts'

/** The exports for the accounting package (docs/accounting-exports.md), administrators only. */
export const exportRoutes: FastifyPluginAsyncZod<{ deps: ReceivablesDeps }> = async (app, { deps }) => {
  const admin = { onRequest: [app.requireAdmin] }
  const exports: [string, string, (deps: ReceivablesDeps, from: string, to: string) => Promise<CsvFile>][] = [
    ['invoices', 'Xero’s sales invoice import, a row per line', invoicesCsv],
    ['adjustment-notes', 'Xero’s credit note import, a row per line', adjustmentNotesCsv],
    ['payments', `a row per allocation: ${PAYMENT_CSV_COLUMNS.join(', ')}`, paymentsCsv],
  ]
  for (const [name, layout, make] of exports)
    app.get(
      `/admin/exports/${name}.csv`,
      {
        ...admin,
        schema: {
          ...adminSchema,
          summary: `The ${name.replace('-', ' ')} of a range of days as CSV for the accounting package.`,
          description: `${layout}; dates dd/mm/yyyy, amounts in dollars (docs/accounting-exports.md).`,
          querystring: exportQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const csv = await make(deps, request.query.from, request.query.to)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.filename}"`)
          .header('cache-control', 'no-store')
          .send(csv.body)
      },
    )
}
