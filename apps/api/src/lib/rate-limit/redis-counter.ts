import type { Redis } from 'ioredis'
import type { RateLimitCounter } from './counter.ts'

// INCR and PEXPIRE in one script, so that a key can never be left without an expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

export function createRedisCounter(redis: Redis, prefix: string): RateLimitCounter {
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [number, number]
      return { count, ttlMs: ttl }
    },
    async reset(key) {
      await redis.del(prefix + key)
    },
  }
}
