/**
 * The yardsticks of `npm run bench:server`: a Fastify hello-world, as the fastest the framework answers here.
 *   - `plain`: pino's default logger at `info` (no redaction, no serializers of its own), the yardstick the
 *     targets are set against;
 *   - `product`: the product's logger configuration (apps/api/src/app.ts loggerOptions, production,
 *     LOG_LEVEL=info), to show what the product's own logging costs.
 * Both write their log where the product writes it (stdout; the benchmark discards it for all three alike).
 *
 *   node bench/lib/hello-server.ts <port> <dataDir> [plain|product]
 */
import Fastify from 'fastify'
import { loggerOptions } from '../../apps/api/src/app.ts'
import { loadConfig } from '../../apps/api/src/config.ts'

const [port = '0', dataDir = '', mode = 'plain'] = process.argv.slice(2)
if (mode !== 'plain' && mode !== 'product') throw new Error('The yardstick is plain or product')
const config = loadConfig({ NODE_ENV: 'production', DEMO: '1', LOG_LEVEL: 'info', DATA_DIR: dataDir })
const app = Fastify({ logger: mode === 'plain' ? { level: 'info' } : loggerOptions(config, undefined) })
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ port: Number(port), host: '127.0.0.1' })
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)))
}
