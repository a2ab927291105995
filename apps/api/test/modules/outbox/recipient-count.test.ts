import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { DB } from '../../../src/db/schema.ts'
import { countMailToSince, mailToSinceQuery } from '../../../src/modules/outbox/repository.ts'
import {
  AUTOMATED_MAIL_PER_HOUR,
  enqueueAutomatedMail,
  enqueueMail,
} from '../../../src/modules/outbox/service.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

const HOUR_MS = 60 * 60 * 1000
const at = (iso: string) => new Date(iso)

/** Many messages to other addresses, so that a scan of the outbox would show in the plan. */
async function fillOutbox(db: Kysely<DB>, count: number) {
  for (let n = 0; n < count; n++) {
    await enqueueMail(
      db,
      { to: `other${n}@example.com`, subject: 'Other', text: 'Other' },
      at('2026-03-02T08:00:00Z'),
    )
  }
}

describe.each(DIALECTS)('messages queued for an address on %s', (dialect) => {
  it('are counted whatever the case of the address, within the hour, and the fourth acknowledgement is not queued', async () => {
    const { app } = await buildTestApp({ dialect })
    await fillOutbox(app.db, 20)
    const mail = (to: string) => ({ to, subject: 'Thanks', text: 'Thanks for contacting us.' })
    await enqueueMail(app.db, mail('Jane@Example.com'), at('2026-03-02T07:00:00Z'))
    for (const minute of ['10', '20', '30']) {
      expect(
        await enqueueAutomatedMail(app.db, mail('jane@example.com'), at(`2026-03-02T08:${minute}:00Z`)),
      ).toBe(true)
    }
    const now = at('2026-03-02T08:40:00Z')
    expect(await countMailToSince(app.db, ' JANE@example.COM ', new Date(now.getTime() - HOUR_MS))).toBe(
      AUTOMATED_MAIL_PER_HOUR,
    )
    expect(await countMailToSince(app.db, 'jane@example.com', at('2026-03-02T06:30:00Z'))).toBe(4)
    expect(await enqueueAutomatedMail(app.db, mail('jane@example.com'), now)).toBe(false)
    // An hour after the first of the three, one more may go.
    expect(await enqueueAutomatedMail(app.db, mail('jane@example.com'), at('2026-03-02T09:10:01Z'))).toBe(
      true,
    )
  })

  it('are counted from the recipient index, not by reading the whole outbox (migration 0019)', async () => {
    const { app } = await buildTestApp({ dialect })
    await fillOutbox(app.db, 50)
    const query = mailToSinceQuery(app.db, 'jane@example.com', at('2026-03-02T07:00:00Z')).compile()
    const plan = await app.db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // A table this small is read whole by choice: say a scan costs what it would in a full outbox.
        await sql`set local enable_seqscan = off`.execute(trx)
        await sql`analyze outbox`.execute(trx)
        const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...query,
          sql: `explain ${query.sql}`,
        })
        return rows.rows.map((row) => row['QUERY PLAN']).join(' | ')
      }
      const rows = await trx.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      })
      return rows.rows.map((row) => row.detail).join(' | ')
    })
    expect(plan).toMatch(/outbox_recipient_idx/)
    expect(plan).not.toMatch(/Seq Scan on outbox|\bSCAN outbox\b(?! USING)/)
  })
})
