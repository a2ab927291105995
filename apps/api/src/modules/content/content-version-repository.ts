import type { Executor } from '../../db/database.ts'

/* The content version (ADR 022, ADR 038): one number in `site_state` that every change to public content raises. */

const KEY = 'content_version'

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
