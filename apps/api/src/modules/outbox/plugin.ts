import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { createMailTransport, type MailTransport } from '../../lib/mail/transport.ts'
import { createOutboxWorker, type OutboxWorker } from './worker.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued mail and prunes the outbox. Idle until start() (server.ts; tests call runOnce(), prune()). */
    outbox: OutboxWorker
  }
}

export interface MailPluginOptions {
  config: Config
  transport?: MailTransport | undefined
}

export const mailPlugin = fp<MailPluginOptions>(
  async (app, { config, transport: given }) => {
    const transport =
      given ?? createMailTransport({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, log: app.log })
    const worker = createOutboxWorker({
      db: app.db,
      dialect: app.database.dialect,
      transport,
      from: config.mailFrom,
      log: app.log.child({ component: 'outbox' }),
      clock: app.clock,
      pollMs: config.outboxPollMs,
    })
    app.decorate('outbox', worker)
    // preClose runs before the database is closed (onClose hooks of earlier plugins).
    app.addHook('preClose', async () => {
      await worker.stop()
      transport.close()
    })
  },
  { name: 'mail', dependencies: ['database'] },
)
