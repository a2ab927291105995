import fp from 'fastify-plugin'
import type { Executor } from '../../db/database.ts'

/*
 * The content version (issue 15): one number in the database that every publish raises in the same
 * transaction. Each instance reads it every CONTENT_POLL_MS and, when it has moved, empties its page cache,
 * so a publish shows on every instance within a few seconds, with nothing to configure and whether or not
 * Redis is there. The instance that publishes empties its own cache at once.
 */

const KEY = 'content_version'
export const CONTENT_POLL_MS = 2000

export async function bumpContentVersion(db: Executor): Promise<void> {
  await db
    .updateTable('site_state')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('key', '=', KEY)
    .execute()
}

export async function readContentVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('site_state').select('value').where('key', '=', KEY).executeTakeFirst()
  return row ? Number(row.value) : 0
}

/** Watches the content version and empties this instance's page cache when another instance publishes. */
export const contentVersionPlugin = fp<{ pollMs?: number }>(
  async (app, options) => {
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
  { name: 'content-version' },
)
