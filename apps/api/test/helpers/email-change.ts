import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { findOutboxMessages } from '../../src/modules/outbox/repository.ts'
import { bearer, type TestUser, tokenFor } from './auth.ts'

/** The token of the newest emailed link to `path` sent to `to`. */
export async function linkTokenIn(app: FastifyInstance, to: string, path: string): Promise<string> {
  const messages = (await findOutboxMessages(app.db)).filter((message) => message.to_address === to)
  const text = messages.at(-1)?.text_body ?? ''
  const link = new RegExp(`https?://\\S+${path.replaceAll('/', '\\/')}\\?t=(\\S+)`).exec(text)
  expect(link, text).not.toBeNull()
  return link?.[1] ?? ''
}

/**
 * A signed-in (regular) user asks for a new email on their profile, with their password; answers the
 * response and the tokens of the two links (confirm, to the new address; cancel, to the old one).
 */
export async function requestEmailChange(
  app: FastifyInstance,
  user: TestUser,
  newEmail: string,
  /** null: sent without one. */
  currentPassword: string | null = user.password,
): Promise<{ response: LightMyRequestResponse; confirm?: string; cancel?: string }> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/v1/core/accounts/update/own-profile',
    headers: bearer(await tokenFor(app, user)),
    payload: {
      firstName: user.first_name,
      lastName: user.last_name,
      email: newEmail,
      mobile: user.mobile,
      memberType: user.member_type,
      ...(currentPassword === null ? {} : { currentPassword }),
    },
  })
  if (response.statusCode !== 200) return { response }
  return {
    response,
    confirm: await linkTokenIn(app, newEmail, '/confirm-email/'),
    cancel: await linkTokenIn(app, user.email, '/cancel-email-change/'),
  }
}
