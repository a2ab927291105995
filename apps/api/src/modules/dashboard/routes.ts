import {
  type AdminDashboard,
  adminDashboardSchema,
  RECENT_USERS_DAYS,
} from '@signalway/shared/admin-dashboard'
import { addDays, businessDay, formatIsoDay, startOfDayIn } from '@signalway/shared/business-time'
import { CREDIT_STATUSES_AWAITING_DECISION } from '@signalway/shared/credit-admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Executor } from '../../db/database.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import type { Clock } from '../../lib/time.ts'
import { countCreditApplicationsWithStatus } from '../credit/repository.ts'
import { countEnquiries } from '../enquiries/repository.ts'
import { countOutboxMessages } from '../outbox/repository.ts'
import { countUsersRegisteredBetween } from '../users/repository.ts'
import { ADMIN_ONLY } from '../users/service.ts'

/*
 * The admin dashboard (issue 15): a module of its own because it reads every other back-office
 * module's counts, while those modules import the back office's notes and staff.
 */
/**
 * The admin dashboard (issue 15): what waits for staff, each count the total of the list it links to.
 * Four indexed counts; no cache, so a count never disagrees with its list.
 */
export async function readDashboard(db: Executor, now: Date): Promise<AdminDashboard> {
  const today = businessDay(now)
  const first = addDays(today, -(RECENT_USERS_DAYS - 1))
  const [newEnquiries, creditAwaitingDecision, undeliveredMail, recentUsers] = await Promise.all([
    countEnquiries(db, { status: 'new' }),
    countCreditApplicationsWithStatus(db, CREDIT_STATUSES_AWAITING_DECISION),
    countOutboxMessages(db, 'failed'),
    countUsersRegisteredBetween(db, startOfDayIn(first), startOfDayIn(addDays(today, 1))),
  ])
  return {
    newEnquiries,
    creditAwaitingDecision,
    undeliveredMail,
    recentUsers: { count: recentUsers, from: formatIsoDay(first), to: formatIsoDay(today) },
  }
}

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock: Clock = app.clock
  app.get(
    '/admin/dashboard',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'Counts for the admin dashboard: new enquiries, undelivered mail, users registered this week.',
        description: ADMIN_ONLY,
        security: [{ bearer: [] }],
        response: { 200: adminDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readDashboard(app.db, clock()),
  )
}
