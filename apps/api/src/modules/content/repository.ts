import type { Executor } from '../../db/database.ts'

/* What spans the module's tables: how much content there is (the seed adds demo content to empty tables). */

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
