import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import type { MailTransport } from './lib/mail/transport.ts'
import { redactUrl } from './lib/redact-url.ts'
import { type Clock, systemClock } from './lib/time.ts'
import { authPlugin } from './modules/auth/plugin.ts'
import { contentPlugin } from './modules/content/plugin.ts'
import { apiModules } from './modules/index.ts'
import { mailPlugin } from './modules/outbox/plugin.ts'
import { canonicalPathPlugin } from './plugins/canonical-path.ts'
import { compressPlugin } from './plugins/compress.ts'
import { databasePlugin } from './plugins/database.ts'
import { errorsPlugin } from './plugins/errors.ts'
import { jobsPlugin } from './plugins/jobs.ts'
import { jsonBodyPlugin } from './plugins/json-body.ts'
import { loadSheddingPlugin } from './plugins/load-shedding.ts'
import { rateLimitPlugin } from './plugins/rate-limit.ts'
import { redisPlugin } from './plugins/redis.ts'
import { requestIdOf, requestIdPlugin } from './plugins/request-id.ts'
import { securityPlugin } from './plugins/security.ts'
import { swaggerPlugin } from './plugins/swagger.ts'
import { createPageStore, webPlugin } from './plugins/web.ts'
import { seedPlugin } from './seed/plugin.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration the app was built with. */
    config: Config
    /** The source of "now" (BuildOptions.clock in tests). */
    clock: Clock
  }
}

export interface BuildOptions {
  /** An open database to use instead of the configured one; the caller closes it. */
  database?: Database
  /** Replaces the SMTP or .eml transport. */
  mailTransport?: MailTransport
  /** Replaces the system clock (outbox, database rate-limit windows, token and reset-link expiry). */
  clock?: Clock
  /** Where the JSON log lines go instead of stdout. */
  logStream?: LogStream
  /** Receives the one-time line with a generated admin password instead of stdout. */
  print?: (line: string) => void
  /** More route plugins under /api, registered after the modules (tests, tools). */
  routes?: FastifyPluginAsync[]
}

export interface LogStream {
  write(line: string): void
}

export { redactUrl }

const BODY_LIMIT = 1024 * 1024

/** Builds the whole application, ready to listen (or to answer app.inject in tests). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    routerOptions: { ignoreTrailingSlash: true },
    // While closing, the load-shedding plugin answers new requests (503 with the usual error body).
    return503OnClosing: false,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // The checked configuration, for route modules (they are registered with a prefix only).
  app.decorate('config', config)
  app.decorate('clock', options.clock ?? systemClock)

  try {
    // Cross-cutting first, so that every later route and error goes through them.
    await app.register(errorsPlugin)
    await app.register(requestIdPlugin)
    await app.register(jsonBodyPlugin)
    await app.register(canonicalPathPlugin)
    await app.register(securityPlugin, { config })
    await app.register(compressPlugin)
    await app.register(loadSheddingPlugin, { config })

    // External services.
    await app.register(databasePlugin, { config, database: options.database })
    await app.register(jobsPlugin)
    await app.register(redisPlugin, { config })
    await app.register(rateLimitPlugin, { config })
    await app.register(mailPlugin, { config, transport: options.mailTransport })
    await app.register(seedPlugin, { config, print: options.print })
    await app.register(swaggerPlugin, { config })

    // App services: the bearer-token guards (app.authenticate, app.requireAdmin), sessions and lock-outs;
    // the content-changed event (app.contentChanged) and the content version every instance follows.
    await app.register(authPlugin, { config })
    await app.register(contentPlugin)

    // The API, one plugin per module, then the web app for everything else.
    for (const module of [...apiModules, ...(options.routes ?? [])]) {
      await app.register(module, { prefix: '/api' })
    }
    // Made here, not in the (encapsulated) web plugin, so that app.pageCache is the root's.
    const pageCache = createPageStore(config)
    if (pageCache) app.decorate('pageCache', pageCache)
    await app.register(webPlugin, { config, pageCache })

    await app.ready()
  } catch (error) {
    await app.close().catch(() => {})
    throw error
  }
  return app
}

/** A hop count n trusts the n nearest proxies, as proxy-addr does for a number. */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

/**
 * The log's shape: one JSON line per event, secrets kept out by what is logged, not by rewriting every line.
 * A request is logged as its method, its URL with any token or secret parameter replaced (redactUrl) and its
 * address: never its headers (authorization, cookies) or body. A response as its status code only. An error as
 * its type, message, stack, code and status (and its cause's): never the other properties libraries attach to
 * errors (a mail relay's reply, a request's options or headers). Nothing in the product logs a request body or
 * a credential; a path-based redaction of every line cost about a third of the requests per second of a bare
 * answer (bench/server.ts).
 */
export function loggerOptions(config: Config, stream: LogStream | undefined): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      res: (reply) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  }
}

interface LoggedError {
  [field: string]: unknown
  type: string
  message: string
  /** Empty when the error has none. */
  stack: string
  code?: string
  statusCode?: number
  cause?: LoggedError
}

/** An error as the log keeps it (loggerOptions): named fields only, one level of cause. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: String(error), stack: '' }
  const { message, stack, code, statusCode, cause } = error as Partial<Error> & {
    code?: unknown
    statusCode?: unknown
  }
  return {
    type: error instanceof Error ? (error.constructor?.name ?? error.name) : 'Object',
    message: typeof message === 'string' ? message : '',
    stack: typeof stack === 'string' ? stack : '',
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(cause !== undefined && depth === 0 ? { cause: serializeError(cause, 1) } : {}),
  }
}
