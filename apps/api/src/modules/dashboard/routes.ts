import {
  type AdminDashboard,
  adminDashboardSchema,
  RECENT_USERS_DAYS,
} from '@signalway/shared/admin-dashboard'
import { addDays, businessDay, formatIsoDay, startOfDayIn } from '@signalway/shared/business-time'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import type { Clock } from '../../lib/time.ts'
import { countRequested } from '../bookings/admin-detail.ts'
import { countCollectionsToSchedule } from '../bookings/collections.ts'
import { type CreditService, createCreditService } from '../credit/service.ts'
import { createEnquiryService, type EnquiryService } from '../enquiries/service.ts'
import { faultFigures } from '../faults/service.ts'
import { createOutboxAdminService, type OutboxAdminService } from '../outbox/admin-service.ts'
import { ADMIN_ONLY, createUsersService, type UsersService } from '../users/service.ts'

/** The counts the dashboard asks of each module's service. */
export interface DashboardSources {
  enquiries: Pick<EnquiryService, 'countNew'>
  credit: Pick<CreditService, 'countAwaitingDecision'>
  outbox: Pick<OutboxAdminService, 'countUndelivered'>
  users: Pick<UsersService, 'countRegisteredBetween'>
  bookings: { countRequested: () => Promise<number>; countCollectionsToSchedule: () => Promise<number> }
  faults: { figures(from: Date, to: Date): ReturnType<typeof faultFigures> }
}

/**
 * The admin dashboard: what waits for staff, each count the total of the list it links to.
 * Six indexed counts; no cache, so a count never disagrees with its list. A module of its own because it
 * reads every other back-office module's counts, while those modules import the back office's notes and staff.
 */
export async function readDashboard(sources: DashboardSources, now: Date): Promise<AdminDashboard> {
  const today = businessDay(now)
  const first = addDays(today, -(RECENT_USERS_DAYS - 1))
  const [
    newEnquiries,
    creditAwaitingDecision,
    bookingsRequested,
    collectionsToSchedule,
    undeliveredMail,
    recentUsers,
    faults,
  ] = await Promise.all([
    sources.enquiries.countNew(),
    sources.credit.countAwaitingDecision(),
    sources.bookings.countRequested(),
    sources.bookings.countCollectionsToSchedule(),
    sources.outbox.countUndelivered(),
    sources.users.countRegisteredBetween(startOfDayIn(first), startOfDayIn(addDays(today, 1))),
    sources.faults.figures(startOfDayIn(first), startOfDayIn(addDays(today, 1))),
  ])
  return {
    newEnquiries,
    creditAwaitingDecision,
    bookingsRequested,
    collectionsToSchedule,
    undeliveredMail,
    recentUsers: { count: recentUsers, from: formatIsoDay(first), to: formatIsoDay(today) },
    ...faults,
  }
}

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock: Clock = app.clock
  const sources: DashboardSources = {
    enquiries: createEnquiryService({ db: app.db, config: app.config, clock }),
    credit: createCreditService({
      db: app.db,
      accountsEmail: app.config.accountsEmail,
      siteUrl: app.config.siteUrl,
      clock,
    }),
    outbox: createOutboxAdminService({ db: app.db, clock }),
    users: createUsersService({
      db: app.db,
      clock,
      tokens: app.tokens,
      secondFactors: app.secondFactors,
      siteUrl: app.accessTokens.issuer,
    }),
    bookings: {
      countRequested: () => countRequested({ db: app.db, clock }),
      countCollectionsToSchedule: () => countCollectionsToSchedule({ db: app.db, clock }),
    },
    faults: {
      figures: (from, to) => faultFigures({ db: app.db }, from, to),
    },
  }
  app.get(
    '/admin/dashboard',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'Counts for the admin dashboard: new enquiries, credit applications and bookings waiting for staff, collections to schedule, undelivered mail, users registered this week, open faults and the median time to acknowledge one this week.',
        description: ADMIN_ONLY,
        security: [{ bearer: [] }],
        response: { 200: adminDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readDashboard(sources, clock()),
  )
}
