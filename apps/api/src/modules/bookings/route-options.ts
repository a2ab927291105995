import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Executor } from '../../db/database.ts'
import type { Clock } from '../../lib/time.ts'
import type { PdfSealer } from '../credit/pdf/seal.ts'

/** What the bookings' portal routes share. */

export interface BookingsDeps {
  db: Executor
  clock: Clock
  /** Where the emailed links point. */
  siteUrl: string
  /** Seals the hire agreement PDF. */
  seal: PdfSealer
  log: FastifyBaseLogger
}

export const accountIdParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })
export const bookingParams = accountIdParams.extend({
  bookingId: z.coerce.number().int().min(1).max(MAX_RECORD_ID),
})

/** Pricing follows the booking form as it is filled in: generous, per user. */
export const PRICE_RATE_LIMIT = { max: 600, timeWindow: 60 * 60 * 1000 } as const
/** Booking requests, per user. */
export const BOOKING_RATE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 } as const
/** Off-hires and extensions, per user: each emails the orderer, so a script cannot flood their inbox. */
export const CHANGE_RATE_LIMIT = { max: 60, timeWindow: 60 * 60 * 1000 } as const

/** A route's rate limit counted per signed-in user (the route authenticates first). */
export const perUser = (limit: { max: number; timeWindow: number }) => ({
  rateLimit: { ...limit, keyGenerator: (request: FastifyRequest) => `user:${request.user?.id}` },
})

export function depsOf(app: FastifyInstance, seal: PdfSealer): BookingsDeps {
  return { db: app.db, clock: app.clock, siteUrl: app.config.siteUrl, seal, log: app.log }
}
