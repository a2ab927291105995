import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../src/lib/errors.ts'

/** Routes that exist only in tests, mounted under /api/test by buildTestApp({ build: { routes } }). */
export const testRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = z.object({
    name: z.string({ error: 'Name is required.' }).min(2, 'Name must have at least 2 characters.'),
    email: z.email('Invalid email address'),
    address: z.object({ city: z.string({ error: 'City is required.' }) }),
  })

  app.post(
    '/test/echo',
    { schema: { body, response: { 200: z.object({ name: z.string() }) } } },
    async (request) => request.body,
  )

  app.post(
    '/test/small',
    { bodyLimit: 64, schema: { body: z.object({ text: z.string() }), response: { 200: z.object({}) } } },
    async () => ({}),
  )

  app.get('/test/boom', async () => {
    throw new Error('SELECT password_hash FROM users -- exploded')
  })

  app.get('/test/leak', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => {
    return { id: 1, password_hash: '$argon2id$secret' } as { id: number }
  })

  const errors = {
    unauthorized: () => new UnauthorizedError(),
    forbidden: () => new ForbiddenError(),
    'not-found': () => new NotFoundError('Page Not Found'),
    conflict: () => new ConflictError('That email address is already registered.'),
    'too-large': () => new PayloadTooLargeError(),
    'unsupported-type': () => new UnsupportedMediaTypeError(),
    'too-many': () => new TooManyRequestsError(42),
    unavailable: () => new ServiceUnavailableError(),
    invalid: () => new ValidationError({ email: ['Email is already taken.'] }),
  }
  app.get(
    '/test/errors/:kind',
    { schema: { params: z.object({ kind: z.enum(Object.keys(errors) as [keyof typeof errors]) }) } },
    async (request) => {
      throw errors[request.params.kind]()
    },
  )

  app.get('/test/page', async (request, reply) => {
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><script nonce="${request.cspNonce}">1</script>`)
  })

  app.get('/test/big', async () => ({
    items: Array.from({ length: 500 }, (_, i) => ({ i, text: 'traffic' })),
  }))

  app.get('/test/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }))
}
