import { businessDay, formatIsoDay, parseIsoDay, startOfDayIn } from '@signalway/shared/business-time'
import {
  PUBLISHING_MESSAGES as MESSAGES,
  type NewsAdminItem,
  type NewsAdminSummary,
  type NewsInput,
  slugify,
} from '@signalway/shared/publishing'
import type { Executor } from '../../db/database.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import type { NewsRow } from '../../db/schema.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type Clock, toTimestamp } from '../../lib/time.ts'
import type { AuditContext } from '../audit/audit.ts'
import { createAudited, updateAudited } from '../audit/audited-save.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { renderMarkdown } from './markdown.ts'
import { mediaSizeOf } from './media.ts'
import {
  findNewsById,
  insertNews,
  listAllNews,
  newsSlugTaken,
  updateNewsAtVersion,
} from './news-repository.ts'
import type { ContentChanged } from './plugin.ts'

/*
 * Staff publishing news (ADR 022). Every save names the version it was made from and is refused (409)
 * when someone saved since (ADR 020); every save is in the audit log; a save that changes what the public
 * sees raises the content-changed event once committed (ADR 038), so every instance's page cache follows.
 */

export interface PublishingService {
  listNews(): Promise<NewsAdminSummary[]>
  getNews(id: number): Promise<NewsAdminItem>
  createNews(input: NewsInput, actor: AuthUser, context: AuditContext): Promise<NewsAdminItem>
  updateNews(id: number, input: NewsInput, actor: AuthUser, context: AuditContext): Promise<NewsAdminItem>
  preview(markdown: string): { html: string }
}

/** What the audit log keeps of a news item: everything but the body, which it summarises by length. */
function snapshot(
  row: Pick<NewsRow, 'title' | 'slug' | 'published_at' | 'status' | 'image' | 'image_alt'> & {
    summary: string
    body: string
  },
) {
  return {
    title: row.title,
    slug: row.slug,
    date: formatIsoDay(businessDay(new Date(row.published_at))),
    status: row.status,
    summary: row.summary,
    bodyLength: row.body.length,
    image: row.image,
    imageAlt: row.image_alt,
  }
}

function toAdminItem(row: NewsRow): NewsAdminItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    date: formatIsoDay(businessDay(new Date(row.published_at))),
    summary: row.summary,
    body: row.body,
    image: row.image,
    imageAlt: row.image_alt,
    status: row.status,
    version: row.version,
    updatedAt: row.updated_at,
  }
}

function fieldError(field: string, message: string): ValidationError {
  return new ValidationError({ [field]: [message] }, message)
}

export function createPublishingService({
  db,
  clock,
  contentChanged,
}: {
  db: Executor
  clock: Clock
  contentChanged: ContentChanged
}): PublishingService {
  const findRow = async (id: number) => {
    const row = await findNewsById(db, id)
    if (!row) throw new NotFoundError(MESSAGES.notFound)
    return row
  }

  /** The columns a save writes, checked: the slug (made from the title when empty) and the image's size. */
  const columns = async (input: NewsInput, exceptId: number | undefined) => {
    const slug = input.slug || slugify(input.title)
    if (!slug) throw fieldError('slug', MESSAGES.slugInvalid)
    if (await newsSlugTaken(db, slug, exceptId)) throw fieldError('slug', MESSAGES.slugTaken)
    const day = parseIsoDay(input.date)
    if (!day) throw fieldError('date', MESSAGES.dateInvalid)
    const size = await mediaSizeOf(db, input.image)
    if (input.image.startsWith('/api/media/') && !size) throw fieldError('image', MESSAGES.imageInvalid)
    return {
      slug,
      title: input.title,
      published_at: startOfDayIn(day).toISOString(),
      summary: input.summary,
      body: input.body,
      image: input.image,
      image_alt: input.imageAlt,
      image_width: size?.width ?? null,
      image_height: size?.height ?? null,
      status: input.status,
    }
  }

  /** A unique-slug race lost to another save: the same answer as the check before it. */
  const uniqueSlug = <T>(write: Promise<T>): Promise<T> =>
    write.catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw fieldError('slug', MESSAGES.slugTaken)
      }
      throw error
    })

  return {
    async listNews() {
      const rows = await listAllNews(db)
      return rows.map((row) => {
        const { id, title, slug, date, status, updatedAt } = toAdminItem(row)
        return { id, title, slug, date, status, updatedAt }
      })
    },

    async getNews(id) {
      return toAdminItem(await findRow(id))
    },

    async createNews(input, actor, context) {
      const values = await columns(input, undefined)
      const now = clock()
      const id = await uniqueSlug(
        createAudited(
          db,
          { actor, context, at: now },
          { action: 'news.create', targetType: 'news', after: snapshot(values) },
          (trx) => insertNews(trx, { ...values, version: 1, updated_at: toTimestamp(now) }),
        ),
      )
      if (values.status === 'published') await contentChanged()
      return toAdminItem(await findRow(id))
    },

    async updateNews(id, input, actor, context) {
      const row = await findRow(id)
      if (input.version !== row.version) throw new ConflictError(MESSAGES.conflict)
      const values = await columns(input, id)
      const now = clock()
      await uniqueSlug(
        updateAudited(
          db,
          { actor, context, at: now },
          {
            action: 'news.update',
            targetType: 'news',
            targetId: id,
            before: snapshot(row),
            after: snapshot(values),
            conflict: MESSAGES.conflict,
          },
          (trx) =>
            updateNewsAtVersion(trx, id, row.version, {
              ...values,
              version: row.version + 1,
              updated_at: toTimestamp(now),
            }),
        ),
      )
      // A draft that stays a draft changes nothing the public sees.
      if (row.status === 'published' || values.status === 'published') await contentChanged()
      return toAdminItem(await findRow(id))
    },

    preview(markdown) {
      return { html: renderMarkdown(markdown) }
    },
  }
}
