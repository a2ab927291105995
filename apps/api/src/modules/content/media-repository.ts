import type { Insertable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { MediaTable } from '../../db/schema.ts'

/* Uploaded images, one row per size under the upload's name. */

export async function insertMedia(db: Executor, sizes: Insertable<MediaTable>[]): Promise<void> {
  await db.insertInto('media').values(sizes).execute()
}

export async function findMediaSize(
  db: Executor,
  id: string,
  width: number,
): Promise<{ width: number; height: number } | undefined> {
  return db
    .selectFrom('media')
    .select(['width', 'height'])
    .where('id', '=', id)
    .where('width', '=', width)
    .executeTakeFirst()
}

export async function findMedia(
  db: Executor,
  id: string,
  width: number,
): Promise<{ data: Buffer; contentType: string } | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['data', 'content_type'])
    .where('id', '=', id)
    .where('width', '=', width)
    .executeTakeFirst()
  return row && { data: Buffer.from(row.data), contentType: row.content_type }
}
