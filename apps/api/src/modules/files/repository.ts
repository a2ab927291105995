import { createHash, randomUUID } from 'node:crypto'
import type { Executor } from '../../db/database.ts'
import type { FileRow } from '../../db/schema.ts'

export interface NewFile {
  name: string
  contentType: string
  data: Buffer
}

/** Stores a file in the database (so every instance sees it); returns its id. */
export async function insertFile(db: Executor, file: NewFile, now: Date): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('files')
    .values({
      id,
      name: file.name,
      content_type: file.contentType,
      size: file.data.byteLength,
      data: file.data,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      created_at: now.toISOString(),
    })
    .execute()
  return id
}

export async function findFilesByIds(db: Executor, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return []
  return db.selectFrom('files').selectAll().where('id', 'in', ids).execute()
}
