import { CONFIRM_EMAIL_PATH } from '@signalway/shared/auth'
import { CREDIT_STATUSES, type CreditStatus } from '@signalway/shared/credit-admin'
import { hireDetailsSchema } from '@signalway/shared/hire-details'
import { MESSAGES } from '@signalway/shared/messages'
import { myAccountSchema, myCreditReferenceParamsSchema } from '@signalway/shared/my-account'
import { SITE } from '@signalway/shared/site'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { endOpenEmailChanges, insertEmailChange } from '../accounts/repository.ts'
import { EMAIL_CHANGE_TTL_MS } from '../accounts/service.ts'
import { userOf } from '../auth/plugin.ts'
import { hashToken, newOpaqueToken } from '../auth/tokens.ts'
import { findCreditApplicationPdf } from '../credit/repository.ts'
import { listMyAccounts } from '../customer-accounts/portal.ts'
import { findDriverDepotId } from '../field/repository.ts'
import { enqueueRequestedMail } from '../outbox/service.ts'
import { greeting } from '../outbox/signature.ts'
import {
  type AccountOwner,
  findOwnCreditApplication,
  findOwnCreditApplications,
  findOwnEnquiries,
} from './repository.ts'

/** Confirmation emails a signed-in person can ask for, per account an hour. */
export const CONFIRM_EMAIL_RATE_LIMIT = { max: 5, timeWindow: 60 * 60 * 1000 } as const
const EXCERPT_CHARS = 140

const pdfResponse = {
  description: 'The signed application (credit-application-<reference>.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}

function excerpt(message: string): string {
  const line = message.replace(/\s+/gu, ' ').trim()
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 1)}…` : line
}

function parseJson(text: string | null): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const isCreditStatus = (value: string): value is CreditStatus =>
  (CREDIT_STATUSES as readonly string[]).includes(value)

/**
 * The customer's account area (requirements §15), for any signed-in user: GET /api/my-account (their enquiries and
 * credit applications), the PDF of one of their applications, and an email to confirm their address (so that
 * what they sent with it while signed out shows too). Nobody reaches another's records: each query carries the
 * ownership rule (repository.ts), and another's reference answers 404 as an unknown one does.
 */
export const myAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOf = (user: ReturnType<typeof userOf>): AccountOwner => ({
    userId: Number(user.id),
    email: user.record.email_normalized,
    emailConfirmed: Boolean(user.record.email_confirmed_at),
  })
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }

  app.get(
    '/my-account',
    {
      onRequest: [app.authenticate],
      schema: {
        ...docs,
        summary:
          "The signed-in user's enquiries, quote requests and credit applications, each with its status, and the customer accounts they are a member of.",
        response: { 200: myAccountSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = userOf(request)
      const owner = ownerOf(user)
      const [enquiries, applications, customerAccounts, driverDepot] = await Promise.all([
        findOwnEnquiries(app.db, owner),
        findOwnCreditApplications(app.db, owner),
        listMyAccounts(app.db, owner.userId),
        findDriverDepotId(app.db, owner.userId),
      ])
      return {
        email: user.email,
        emailConfirmed: owner.emailConfirmed,
        enquiries: enquiries.map((row) => {
          const services = parseJson(row.services)
          const details = hireDetailsSchema.safeParse(parseJson(row.hire_details))
          return {
            id: row.id,
            kind: row.kind,
            status: row.status,
            createdAt: row.created_at,
            services: Array.isArray(services) ? services.map(String) : [],
            hireDetails: row.hire_details && details.success ? details.data : null,
            excerpt: excerpt(row.message),
          }
        }),
        creditApplications: applications.map((row) => ({
          reference: row.reference,
          businessName: row.business_name,
          status: isCreditStatus(row.status) ? row.status : 'received',
          submittedAt: row.submitted_at,
        })),
        customerAccounts: customerAccounts.items,
        driver: driverDepot !== undefined,
      }
    },
  )

  app.get(
    '/my-account/credit-applications/:reference/pdf',
    {
      onRequest: [app.authenticate],
      schema: {
        ...docs,
        summary: "The signed PDF of one of the user's credit applications; 404 for another's, as for none.",
        params: myCreditReferenceParamsSchema,
        response: { 200: pdfResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(userOf(request))
      const own = await findOwnCreditApplication(app.db, owner, request.params.reference)
      const found = own && (await findCreditApplicationPdf(app.db, own.id))
      if (!found) throw new NotFoundError('Credit application not found.')
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="credit-application-${found.reference}.pdf"`)
        .send(found.file.data as never)
    },
  )

  app.post(
    '/my-account/confirm-email',
    {
      onRequest: [app.authenticate],
      config: {
        rateLimit: { ...CONFIRM_EMAIL_RATE_LIMIT, keyGenerator: (request) => `user:${request.user?.id}` },
      },
      schema: {
        ...docs,
        summary:
          "Emails a link to the account's address that confirms it is theirs; once opened, what was sent with " +
          'that address while signed out shows on the account too.',
        response: { 202: z.object({ email: z.string() }), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const user = userOf(request)
      const now = app.clock()
      const token = newOpaqueToken()
      await app.db.transaction().execute(async (trx) => {
        // A confirmation of the address the account already has: the email-change link, to the same address.
        await endOpenEmailChanges(trx, Number(user.id), 'replaced', now)
        await insertEmailChange(trx, {
          hash: hashToken(token),
          cancelHash: hashToken(newOpaqueToken()),
          userId: Number(user.id),
          newEmail: user.email,
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
        })
        await enqueueRequestedMail(
          trx,
          {
            to: user.email,
            subject: `Confirm your ${SITE.name} email address`,
            text: [
              // Unconfirmed, by definition: the address has not shown it is theirs, so no name goes to it.
              greeting(null),
              '',
              // Only a browser logged in to the account confirms (ADR 040).
              `To confirm that this address is yours, log in to your account, then open the link below within ${EMAIL_CHANGE_TTL_MS / 3_600_000}`,
              'hours. It can be used once, and only while logged in to that account.',
              '',
              `${app.config.siteUrl}${CONFIRM_EMAIL_PATH}?t=${token}`,
              '',
              'Once confirmed, the quote requests and credit applications you sent with this address show in your account.',
              '',
              'If you did not ask for this, you can ignore this email.',
              '',
              SITE.name,
            ].join('\n'),
          },
          now,
          MESSAGES.addressMailLimit,
        )
      })
      return reply.code(202).send({ email: user.email })
    },
  )
}
