import { randomUUID } from 'node:crypto'
import { internalNoteSchema, noteInputSchema } from '@signalway/shared/back-office'
import { businessYear, formatIsoDay } from '@signalway/shared/business-time'
import { contactSchema, HONEYPOT_FIELD, isHoneypotFilled, quoteSchema } from '@signalway/shared/enquiry'
import { formatEnquiryReference, replyByDay } from '@signalway/shared/enquiry-confirmation'
import {
  enquiryDetailSchema,
  enquiryFilterSchema,
  enquiryIdParamsSchema,
  enquiryListQuerySchema,
  enquiryListSchema,
  statusChangeSchema,
  submittedSchema,
} from '@signalway/shared/enquiry-inbox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { createEnquiryService, type SubmissionMeta } from './service.ts'

/** Per IP and route: a person sends a few enquiries an hour, not dozens. */
export const ENQUIRY_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 }
/** A 500-word message with the other fields fits many times over. */
export const ENQUIRY_BODY_LIMIT = 32 * 1024

/**
 * POST /api/contact and /api/get-a-quote (requirements §7), public. The enquiry is stored, and both
 * emails queued, in one transaction; mail going out later never loses a submission.
 *
 * The staff's inbox under /api/admin/enquiries, admin only: list (filters, newest first), CSV
 * export, detail and status change.
 */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const enquiries = createEnquiryService({ db: app.db, config: app.config, clock: app.clock })

  const common = {
    bodyLimit: ENQUIRY_BODY_LIMIT,
    config: { rateLimit: ENQUIRY_RATE_LIMIT },

    // Before validation: a bot is answered as if all went well, whatever else it filled in.
    preValidation: dropHoneypot,
  }
  const responses = { 201: submittedSchema, ...errorResponses(400, 413, 415, 429) }

  app.post(
    '/contact',
    {
      ...common,
      // Sent while signed in: it belongs to that account (requirements §15); anonymous otherwise. (An array of its own
      // per route: the rate limiter adds its hook to it.)
      onRequest: [app.identify],
      schema: {
        tags: ['enquiries'],
        summary: 'Send a contact message.',
        body: contactSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const submitted = await enquiries.submit({ kind: 'contact', data: request.body }, metaOf(request))
      return reply.code(201).send(submitted)
    },
  )

  app.post(
    '/get-a-quote',
    {
      ...common,
      onRequest: [app.identify],
      schema: {
        tags: ['enquiries'],
        summary: 'Request a quote. services and source may each be a list or a single value.',
        body: quoteSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const submitted = await enquiries.submit({ kind: 'quote', data: request.body }, metaOf(request))
      return reply.code(201).send(submitted)
    },
  )

  const admin = { onRequest: [app.requireAdmin] }
  const adminDocs = { tags: ['admin'], security: [{ bearer: [] }] }

  app.get(
    '/admin/enquiries',
    {
      ...admin,
      schema: {
        ...adminDocs,
        summary: 'Contact messages and quote requests, newest first. Dates are Melbourne days.',
        querystring: enquiryListQuerySchema,
        response: { 200: enquiryListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query
      return enquiries.list(filter, { page, pageSize })
    },
  )

  app.get(
    '/admin/enquiries.csv',
    {
      ...admin,
      schema: {
        ...adminDocs,
        summary: 'The enquiries of a filter as CSV (UTF-8 with a byte order mark).',
        querystring: enquiryFilterSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await enquiries.exportCsv(request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .send(csv.body)
    },
  )

  app.get(
    '/admin/enquiries/:id',
    {
      ...admin,
      schema: {
        ...adminDocs,
        summary: 'One enquiry.',
        params: enquiryIdParamsSchema,
        response: { 200: enquiryDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => enquiries.get(request.params.id),
  )

  app.patch(
    '/admin/enquiries/:id',
    {
      ...admin,
      schema: {
        ...adminDocs,
        summary:
          'Change the status (new, in_progress, done) or the assignee (an administrator) of an enquiry.',
        params: enquiryIdParamsSchema,
        body: statusChangeSchema,
        response: { 200: enquiryDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      enquiries.update(request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.post(
    '/admin/enquiries/:id/notes',
    {
      ...admin,
      schema: {
        ...adminDocs,
        summary: 'Add an internal note to an enquiry (staff only; never shown to the sender).',
        params: enquiryIdParamsSchema,
        body: noteInputSchema,
        response: { 201: internalNoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const note = await enquiries.addNote(
        request.params.id,
        request.body.body,
        userOf(request),
        auditContextOf(request),
      )
      return reply.code(201).send(note)
    },
  )
}

async function dropHoneypot(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const body = request.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD]
  if (typeof value !== 'string' || !isHoneypotFilled({ [HONEYPOT_FIELD]: value })) return
  request.log.warn({ route: request.routeOptions.url, ip: request.ip }, 'honeypot filled; enquiry dropped')
  // An answer of the same shape, with a reference no enquiry has (number 0).
  const kind = request.routeOptions.url?.endsWith('/contact') ? 'contact' : 'quote'
  const now = this.clock()
  return reply.code(201).send({
    id: randomUUID(),
    reference: formatEnquiryReference(kind, businessYear(now), 0),
    receivedAt: now.toISOString(),
    replyBy: formatIsoDay(replyByDay(now)),
    asked: [],
  })
}

function metaOf(request: FastifyRequest): SubmissionMeta {
  return {
    ip: request.ip || null,
    userAgent: request.headers['user-agent'] ?? null,
    userId: request.user ? Number(request.user.id) : null,
  }
}
