import fp from 'fastify-plugin'
import { bumpContentVersion, readContentVersion } from './content-version-repository.ts'

/*
 * The content-changed event (ADR 038, after ADR 022). A change to what the public sees (a news item published,
 * unpublished or edited while published, a content page, a question of the FAQ) raises it once its transaction
 * has committed: it empties this instance's page cache at once and raises the content version, one number in
 * the database. Every instance reads that number every CONTENT_POLL_MS and empties its own page cache when it
 * has moved, so a change shows on every instance within a few seconds, with nothing to configure and whether
 * or not Redis is there. A change that is rolled back raises nothing.
 */

/** Raises the content-changed event; call it after the change's transaction has committed. Never throws. */
export type ContentChanged = () => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    /** The content-changed event: empties the page cache here and, through the content version, everywhere. */
    contentChanged: ContentChanged
  }
}

export const CONTENT_POLL_MS = 2000

export const contentPlugin = fp<{ pollMs?: number }>(
  async (app, options) => {
    app.decorate('contentChanged', async () => {
      app.pageCache?.clear()
      try {
        await bumpContentVersion(app.db)
      } catch (error) {
        // The change is saved and shown here; other instances show it when their pages' minute is up.
        app.log.error(
          { err: error },
          'content version could not be raised; other instances follow within a minute',
        )
      }
    })

    let seen: number | undefined
    let timer: NodeJS.Timeout | undefined
    let polling = false
    const poll = async () => {
      if (polling) return
      polling = true
      try {
        const current = await readContentVersion(app.db)
        if (seen !== undefined && current !== seen) {
          app.pageCache?.clear()
          app.log.info({ contentVersion: current }, 'content changed; page cache emptied')
        }
        seen = current
      } catch (error) {
        app.log.warn({ err: error }, 'content version could not be read')
      } finally {
        polling = false
      }
    }
    app.addHook('onReady', async () => {
      if (!app.pageCache) return
      await poll()
      timer = setInterval(() => void poll(), options.pollMs ?? CONTENT_POLL_MS)
      timer.unref()
    })
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer)
    })
  },
  { name: 'content', dependencies: ['database'] },
)
