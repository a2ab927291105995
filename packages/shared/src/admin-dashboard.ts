import { z } from 'zod'

/**
 * The admin dashboard's counts (GET /api/admin/dashboard): each one the total of a list the
 * dashboard links to, filtered the same way.
 */
export const adminDashboardSchema = z
  .object({
    /** Enquiries and quote requests nobody has picked up yet (status new). */
    newEnquiries: z.number().int().min(0),
    /** Credit applications Received or Under review. */
    creditAwaitingDecision: z.number().int().min(0),
    /** Bookings waiting for staff to confirm or decline them (status requested). */
    bookingsRequested: z.number().int().min(0),
    /** Off-hires with units not collected yet: the collections to schedule. */
    collectionsToSchedule: z.number().int().min(0),
    /** Mail the outbox gave up on (status failed). */
    undeliveredMail: z.number().int().min(0),
    /** Users registered in the business's last seven days, today included. */
    recentUsers: z.object({
      count: z.number().int().min(0),
      /** The first and last of those days, YYYY-MM-DD in Melbourne. */
      from: z.string(),
      to: z.string(),
    }),
    /** Fault reports not yet resolved (ADR 049). */
    openFaults: z.number().int().min(0),
    /** The median minutes from report to acknowledgement of faults acknowledged in the same seven days; null if none. */
    medianAcknowledgeMinutes: z.number().int().min(0).nullable(),
  })
  .meta({ id: 'AdminDashboard' })
export type AdminDashboard = z.infer<typeof adminDashboardSchema>

/** How many of the business's days the dashboard's "registered recently" count covers. */
export const RECENT_USERS_DAYS = 7
