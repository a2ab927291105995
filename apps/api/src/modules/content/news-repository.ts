import type { Insertable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { NewsRow, NewsTable } from '../../db/schema.ts'

/* News items: the public reads (published items only) and the back office's drafts and saves. */

/** The published news items, newest first (drafts are the back office's). */
export async function listPublishedNews(db: Executor): Promise<NewsRow[]> {
  return db
    .selectFrom('news')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** A published news item by its slug (the address of its page). */
export async function findPublishedNewsBySlug(db: Executor, slug: string): Promise<NewsRow | undefined> {
  return db
    .selectFrom('news')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst()
}

/** Every news item, drafts included, newest first. */
export async function listAllNews(db: Executor): Promise<NewsRow[]> {
  return db.selectFrom('news').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').execute()
}

export async function findNewsById(db: Executor, id: number): Promise<NewsRow | undefined> {
  return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Whether another item (than `exceptId`) has the slug. */
export async function newsSlugTaken(
  db: Executor,
  slug: string,
  exceptId: number | undefined,
): Promise<boolean> {
  let query = db.selectFrom('news').select('id').where('slug', '=', slug)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/** A new item; throws on a slug another item has (the unique key). */
export async function insertNews(db: Executor, item: Insertable<NewsTable>): Promise<number> {
  const row = await db.insertInto('news').values(item).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Saves an item made from `version`: false when it has another version now (someone saved since). */
export async function updateNewsAtVersion(
  db: Executor,
  id: number,
  version: number,
  values: Updateable<NewsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('news')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** An item of the seed or a test; nothing when its slug is taken. */
export async function insertNewsItem(db: Executor, item: Insertable<NewsTable>): Promise<void> {
  await db
    .insertInto('news')
    .values(item)
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute()
}
