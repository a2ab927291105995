import type { Insertable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { NewsRow, NewsTable, PageRow, PagesTable } from '../../db/schema.ts'

export async function findPage(db: Executor, name: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('name', '=', name).executeTakeFirst()
}

/** The published news items, newest first (drafts are the back office's). */
export async function listNews(db: Executor): Promise<NewsRow[]> {
  return db
    .selectFrom('news')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function insertPage(db: Executor, page: Insertable<PagesTable>): Promise<void> {
  await db
    .insertInto('pages')
    .values(page)
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute()
}

export async function insertNewsItem(db: Executor, item: Insertable<NewsTable>): Promise<void> {
  await db
    .insertInto('news')
    .values(item)
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute()
}

export async function countContent(db: Executor): Promise<{ pages: number; news: number }> {
  const [pages, news] = await Promise.all([
    db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  // PostgreSQL returns count(*) as a string (bigint).
  return { pages: Number(pages.count), news: Number(news.count) }
}
