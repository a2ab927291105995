import { MAX_LABELS, unitLabelsInputSchema } from '@signalway/shared/fleet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { printUnitLabels } from './labels.ts'
import { LABELS_PER_PAGE } from './labels-pdf.ts'
import { adminSchema, fleetDepsOf } from './route-options.ts'

const pdfResponse = {
  description: 'The label sheet (fleet-labels.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}

/** The QR label sheet staff print for chosen units. */
export const labelsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = fleetDepsOf(app)

  app.post(
    '/admin/fleet/labels',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...adminSchema,
        summary: 'A PDF sheet of QR labels for the chosen units, to print on A4 label stock.',
        description:
          `${adminSchema.description} One label per id in \`unitIds\` (1 to ${MAX_LABELS}), in that order: ` +
          `A4 sheets of ${LABELS_PER_PAGE} labels of 70 × 37 mm (3 across, 8 down, no gaps), as many pages ` +
          'as needed. Each label prints the business name, the fleet number, the type, the 24/7 number and a ' +
          "QR code of the unit's public page (SITE_URL/equipment/<fleet number>/). 400 naming the ids that " +
          'are no unit. Retired units get no label (they are left out); 400 when every unit chosen is retired.',
        body: unitLabelsInputSchema,
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const pdf = await printUnitLabels(deps, app.config.siteUrl, request.body)
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="fleet-labels.pdf"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never)
    },
  )
}
