import { revokedSessionsSchema, sessionListSchema } from '@signalway/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { describeUserAgent } from '../../lib/user-agent.ts'
import { logAuthEvent, userOf } from './plugin.ts'

/** The signed-in user's sessions: the list, signing one out, signing out everywhere else. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/core/auth/sessions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "The signed-in user's live sessions, the most recently used first.",
        response: { 200: sessionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = userOf(request)
      const rows = await app.tokens.listSessions(Number(me.id))
      return {
        items: rows.map((row) => ({
          id: row.id,
          ...describeUserAgent(row.user_agent),
          ip: row.ip,
          startedAt: row.created_at,
          lastUsedAt: row.last_used_at ?? row.created_at,
          current: row.id === me.sessionId,
        })),
      }
    },
  )

  app.delete(
    '/v1/core/auth/sessions/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "Signs out one of the signed-in user's sessions (this one too, when named).",
        description: "404 when the user has no such live session (another user's sessions are not theirs).",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.object({}), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = userOf(request)
      if (!(await app.tokens.revokeSession(Number(me.id), request.params.id, 'signed-out-by-owner')))
        throw new NotFoundError('Session not found.')
      logAuthEvent(request, 'session-revoked', { userId: me.id, sessionId: request.params.id })
      return {}
    },
  )

  app.post(
    '/v1/core/auth/sessions/revoke-others',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Sign out everywhere else: ends every session of the signed-in user but this one.',
        response: { 200: revokedSessionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = userOf(request)
      const revoked = await app.tokens.revokeAllSessions(
        app.db,
        Number(me.id),
        'signed-out-by-owner',
        me.sessionId,
      )
      logAuthEvent(request, 'sessions-revoked', { userId: me.id })
      return { revoked }
    },
  )
}
