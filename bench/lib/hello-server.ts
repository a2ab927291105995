/**
 * The yardstick of `npm run bench:server`: a Fastify hello-world with the product's logger configuration
 * (apps/api/src/app.ts loggerOptions, production, LOG_LEVEL=info), as the fastest the framework answers here.
 *
 *   node bench/lib/hello-server.ts <port> <dataDir>
 */
import Fastify from 'fastify'
import { loggerOptions } from '../../apps/api/src/app.ts'
import { loadConfig } from '../../apps/api/src/config.ts'

const [port = '0', dataDir = ''] = process.argv.slice(2)
const config = loadConfig({ NODE_ENV: 'production', DEMO: '1', LOG_LEVEL: 'info', DATA_DIR: dataDir })
const app = Fastify({ logger: loggerOptions(config, undefined) })
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ port: Number(port), host: '127.0.0.1' })
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)))
}
