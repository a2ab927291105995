import {
  MAX_IMPORT_ROWS,
  UNIT_CSV_COLUMNS,
  UNIT_CSV_MESSAGES,
  unitFilterQuerySchema,
  unitImportInputSchema,
  unitImportRejectedSchema,
  unitImportResultSchema,
} from '@signalway/shared/fleet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { adminSchema, fleetDepsOf } from './route-options.ts'
import { exportUnitsCsv, importUnitsCsv } from './units-csv.ts'

/** The JSON of a 2,000,000-character CSV, each character possibly escaped: room for the largest import. */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024

const COLUMNS = UNIT_CSV_COLUMNS.join(',')

/** The units as CSV: the export of a filter, and the all-or-nothing import of new units. */
export const unitsCsvAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = fleetDepsOf(app)
  const admin = { onRequest: [app.requireAdmin] }

  app.get(
    '/admin/fleet/units.csv',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'The units of a filter as CSV, by fleet number (UTF-8 with a byte order mark).',
        description:
          `${adminSchema.description} The same search and filters as GET /api/admin/fleet/units, without ` +
          `pages. Columns: ${COLUMNS}; RFC 4180 (every cell quoted, CRLF); a cell a spreadsheet would read ` +
          'as a formula starts with a single quote. The file imports back as it is (POST .../units/import).',
        querystring: unitFilterQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await exportUnitsCsv(deps, request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .send(csv.body)
    },
  )

  app.post(
    '/admin/fleet/units/import',
    {
      ...admin,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...adminSchema,
        summary: 'Add units from a CSV file: every row checked, all of them imported or none.',
        description:
          `${adminSchema.description} JSON \`{ "csv": "<the file's text>" }\`. A header row naming the ` +
          `columns ${COLUMNS} (in any order), then one row per new unit, at most ` +
          `${MAX_IMPORT_ROWS.toLocaleString('en-AU')}. type_slug names an equipment type, depot_code a depot; ` +
          'status is available, in_service, out_of_service or retired; next_service_due is YYYY-MM-DD or ' +
          'empty. A fleet number must be new (to the fleet and to the file). 200 `{ imported }` when every ' +
          `row is right; otherwise 400 "${UNIT_CSV_MESSAGES.invalid}" with \`errors\`: ` +
          '`{ row, column, message }` for each problem (row 1 is the header, column null for the whole ' +
          'row), and nothing imported. Each unit is audited as unit.create.',
        body: unitImportInputSchema,
        response: { 200: unitImportResultSchema, 400: unitImportRejectedSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const outcome = await importUnitsCsv(deps, request.body.csv, userOf(request), auditContextOf(request))
      if ('imported' in outcome) return outcome
      return reply
        .code(400)
        .send({ Message: UNIT_CSV_MESSAGES.invalid, errors: outcome.errors, requestId: request.id })
    },
  )
}
