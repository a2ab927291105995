import { createHash, createHmac, randomBytes } from 'node:crypto'
import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { normalizeEmail } from './repository.ts'

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; docs/decisions/017):
 * a browser that has signed in to an account gets a signed cookie naming that account. Later attempts
 * from it count against that cookie's own budget instead of the account's lock-out, so an attacker who
 * locks an account by guessing (from browsers without the cookie) does not lock its owner out.
 */

export const DEVICE_COOKIE = 'sw_device'
/** The cookie travels only to the account endpoints that read it (sign-in, password reset requests). */
const COOKIE_PATH = '/api/v1/core/'
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60

/** Which account a cookie is for, without putting the address in it. */
function accountTag(email: string): string {
  return createHash('sha256').update(normalizeEmail(email), 'utf8').digest('base64url').slice(0, 22)
}

export interface DeviceCookies {
  /** The device's id when the request carries a valid cookie for this account; else undefined. */
  read(request: FastifyRequest, email: string): string | undefined
  /** Gives the browser a new cookie for the account it has just signed in to. */
  issue(reply: FastifyReply, email: string): void
}

/** Registers cookie signing (parsing only where read: no per-request cost) and answers the helpers. */
export async function createDeviceCookies(
  app: FastifyInstance,
  { secret, secure }: { secret: string; secure: boolean },
): Promise<DeviceCookies> {
  // A key of its own, derived from the configured secret.
  const key = createHmac('sha256', secret).update('device-cookie').digest('base64')
  await app.register(cookie, { secret: key, hook: false })
  return {
    read(request, email) {
      const raw = app.parseCookie(request.headers.cookie ?? '')[DEVICE_COOKIE]
      if (!raw) return undefined
      const unsigned = app.unsignCookie(raw)
      if (!unsigned.valid || !unsigned.value) return undefined
      const [device, tag] = unsigned.value.split('.')
      return device && tag === accountTag(email) ? device : undefined
    },
    issue(reply, email) {
      const device = randomBytes(16).toString('base64url')
      reply.setCookie(DEVICE_COOKIE, `${device}.${accountTag(email)}`, {
        signed: true,
        httpOnly: true,
        secure,
        sameSite: 'strict',
        path: COOKIE_PATH,
        maxAge: MAX_AGE_SECONDS,
      })
    },
  }
}
