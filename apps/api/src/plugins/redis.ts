import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set. */
    redis: Redis | undefined
  }
}

export const redisPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (!config.redisUrl) {
      app.decorate('redis', undefined)
      return
    }
    const redis = new Redis(config.redisUrl, {
      // Fail a command fast while Redis is away rather than queue it behind a request.
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
      lazyConnect: true,
    })
    let lastError = ''
    redis.on('error', (error: Error) => {
      // ioredis reports every reconnect attempt; log each distinct failure once.
      if (error.message !== lastError) app.log.warn({ err: error }, 'redis error')
      lastError = error.message
    })
    redis.on('ready', () => {
      lastError = ''
    })
    await redis.connect().catch((error: unknown) => {
      app.log.warn({ err: error }, 'redis is not reachable yet; retrying in the background')
    })
    app.decorate('redis', redis)
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit()
      else redis.disconnect()
    })
  },
  { name: 'redis' },
)
