import type { Insertable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { FaqRow, FaqsTable } from '../../db/schema.ts'

/* The FAQ's questions. */

export async function listFaqs(db: Executor): Promise<FaqRow[]> {
  return db.selectFrom('faqs').selectAll().execute()
}

export async function listFaqsInCategory(db: Executor, category: string): Promise<FaqRow[]> {
  return db.selectFrom('faqs').selectAll().where('category', '=', category).execute()
}

export async function findFaq(db: Executor, id: number): Promise<FaqRow | undefined> {
  return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The slugs that are `base` or start with `base-`. */
export async function faqSlugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('faqs')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute()
  return rows.map((row) => row.slug)
}

/** The highest place any question has (0 when there is none). */
export async function maxFaqPosition(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('faqs')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst()
  return Number(row?.max ?? 0)
}

export async function insertFaq(db: Executor, faq: Insertable<FaqsTable>): Promise<number> {
  const row = await db.insertInto('faqs').values(faq).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Saves a question made from `version`: false when it has another version now (someone saved since). */
export async function updateFaqAtVersion(
  db: Executor,
  id: number,
  version: number,
  values: Updateable<FaqsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('faqs')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function setFaqPosition(db: Executor, id: number, position: number): Promise<void> {
  await db.updateTable('faqs').set({ position }).where('id', '=', id).execute()
}

/** Deletes a question at `version`: false when it has another version now (someone saved since). */
export async function deleteFaqAtVersion(db: Executor, id: number, version: number): Promise<boolean> {
  const result = await db
    .deleteFrom('faqs')
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}
