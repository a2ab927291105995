import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'

const SHUTDOWN_TIMEOUT_MS = 10_000

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }

  const app = await buildApp(config)

  let shuttingDown = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return
    shuttingDown = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    force.unref()
    // Stops accepting connections, lets in-flight requests finish, then runs the onClose hooks
    // (outbox worker, Redis, database).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)

  await app.listen({ port: config.port, host: config.host })
  app.outbox.start()
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
  process.stderr.write(`Start-up failed: ${message}${cause}\n`)
  process.exit(1)
})
