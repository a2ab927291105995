import type { Insertable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { PageRow, PagesTable } from '../../db/schema.ts'

/* Content pages (requirements §2's generic pages, the privacy policy and the website terms), by name. */

export async function findPage(db: Executor, name: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('name', '=', name).executeTakeFirst()
}

/** Every page, by name. */
export async function listPages(db: Executor): Promise<PageRow[]> {
  return db.selectFrom('pages').selectAll().orderBy('name').execute()
}

/** Every page's name and when staff last saved it, by name (for the sitemap). */
export async function listPageNames(db: Executor): Promise<Pick<PageRow, 'name' | 'updated_at'>[]> {
  return db.selectFrom('pages').select(['name', 'updated_at']).orderBy('name').execute()
}

/** A new page; throws on a name a page has (the primary key). */
export async function createPage(db: Executor, page: Insertable<PagesTable>): Promise<void> {
  await db.insertInto('pages').values(page).execute()
}

/** Saves a page made from `version`: false when it has another version now (someone saved since). */
export async function updatePageAtVersion(
  db: Executor,
  name: string,
  version: number,
  values: Updateable<PagesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('pages')
    .set(values)
    .where('name', '=', name)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A page of the seed or a test; nothing when the name is taken. */
export async function insertPage(db: Executor, page: Insertable<PagesTable>): Promise<void> {
  await db
    .insertInto('pages')
    .values(page)
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute()
}
