import { businessYear } from '@signalway/shared/business-time'
import { HONEYPOT_FIELD, isHoneypotFilled } from '@signalway/shared/enquiry'
import {
  FAULT_BODY_LIMIT,
  faultDetailSchema,
  faultIdParamsSchema,
  faultReportedSchema,
  faultReportSchema,
  faultSummarySchema,
  faultTransitionSchema,
  formatFaultReference,
} from '@signalway/shared/faults'
import { SITE } from '@signalway/shared/site'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { adminSchema } from '../fleet/route-options.ts'
import {
  erasePersonalData,
  escalateFaults,
  type FaultDeps,
  getFault,
  getFaultPhoto,
  listFaultQueue,
  moveFault,
  reportFault,
} from './service.ts'

/** Per IP: someone at a roadside reports a few faults an hour, not dozens. */
export const FAULT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 }
/** How often each instance looks for faults to escalate (the lease makes it one at a time). */
export const FAULT_ESCALATION_SWEEP_MS = 60_000
/** How often each instance erases the reporters of faults resolved FAULT_PERSONAL_DATA_DAYS ago. */
export const FAULT_PRIVACY_SWEEP_MS = 60 * 60_000

/**
 * Fault reports (ADR 049): POST /api/equipment/:fleetNumber/faults, public (a unit's label page), and the staff's
 * on-call queue under /api/admin/faults, administrators only. A scheduled job escalates unacknowledged faults.
 */
export const faultRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: FaultDeps = {
    db: app.db,
    clock: app.clock,
    oncallEmail: app.config.oncallEmail,
    oncallEscalationEmail: app.config.oncallEscalationEmail,
    escalationMs: app.config.oncallEscalationMs,
    siteUrl: app.config.siteUrl,
  }

  app.post(
    '/equipment/:fleetNumber/faults',
    {
      bodyLimit: FAULT_BODY_LIMIT,
      config: { rateLimit: FAULT_RATE_LIMIT },
      preValidation: dropHoneypot,
      schema: {
        tags: ['fleet'],
        summary:
          'Report a fault on a unit from its label page: symptoms of its type, text, reporter, optional photo and location.',
        params: z.object({ fleetNumber: z.string().min(1).max(40) }),
        body: faultReportSchema,
        response: { 201: faultReportedSchema, ...errorResponses(400, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const reported = await reportFault(deps, request.params.fleetNumber, request.body, request.ip || null)
      return reply.code(201).send(reported)
    },
  )

  const admin = { onRequest: [app.requireAdmin] }

  app.get(
    '/admin/faults',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'The on-call queue: open faults oldest first, then the latest resolved.',
        response: { 200: z.array(faultSummarySchema), ...errorResponses(401, 403) },
      },
    },
    async () => listFaultQueue(deps),
  )

  app.get(
    '/admin/faults/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'One fault report.',
        params: faultIdParamsSchema,
        response: { 200: faultDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getFault(deps, request.params.id),
  )

  app.get(
    '/admin/faults/:id/photo',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: "A fault's photo, re-encoded as WebP without metadata.",
        params: faultIdParamsSchema,
        produces: ['image/webp'],
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const photo = await getFaultPhoto(deps, request.params.id)
      return reply.type('image/webp').send(photo)
    },
  )

  app.patch(
    '/admin/faults/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Move a fault on (acknowledged, on_the_way, resolved with a note) from the version seen.',
        params: faultIdParamsSchema,
        body: faultTransitionSchema,
        response: { 200: faultDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      moveFault(deps, request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  // One instance at a time (the lease); the conditional mark makes a repeat after a crash harmless.
  app.jobs.add({
    name: 'fault-escalation',
    // Every minute, or a fifth of a shorter escalation time (a test's).
    everyMs: Math.min(FAULT_ESCALATION_SWEEP_MS, Math.max(1000, app.config.oncallEscalationMs / 5)),
    exclusive: { leaseMs: 5 * 60_000 },
    failureMessage: 'fault escalation failed',
    failureLevel: 'error',
    run: async () => {
      const escalated = await escalateFaults(deps)
      if (escalated > 0) app.log.warn({ escalated }, 'unacknowledged faults escalated')
    },
  })

  // On every instance, like the other retention sweeps: erasing what is already erased finds nothing.
  app.jobs.add({
    name: 'fault-privacy-sweep',
    everyMs: FAULT_PRIVACY_SWEEP_MS,
    failureMessage: 'fault privacy sweep failed',
    run: async () => {
      const erased = await erasePersonalData(deps)
      if (erased > 0) app.log.info({ erased }, "resolved faults' reporter details erased")
    },
  })
}

/** Before validation: a bot is answered as if all went well, with a reference no fault has (number 0). */
async function dropHoneypot(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD]
  if (typeof value !== 'string' || !isHoneypotFilled({ [HONEYPOT_FIELD]: value })) return
  request.log.warn({ ip: request.ip }, 'honeypot filled; fault report dropped')
  const now = request.server.clock()
  return reply.code(201).send({
    reference: formatFaultReference(businessYear(now), 0),
    reportedAt: now.toISOString(),
    phone: { ...SITE.phone },
  })
}
