import type { NewsItem, Page, PageSummary } from '@signalway/shared/content'
import { PUBLISHING_MESSAGES } from '@signalway/shared/publishing'
import type { Executor } from '../../db/database.ts'
import type { NewsRow } from '../../db/schema.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { renderMarkdown } from './markdown.ts'
import { findPublishedNewsBySlug, listPublishedNews } from './news-repository.ts'
import { findPage, listPageNames } from './pages-repository.ts'

export interface ContentService {
  /** A content page by name; the name is matched case-insensitively, without surrounding slashes. */
  getPage(name: string): Promise<Page>
  /** Every content page's address, for the sitemap. */
  listPages(): Promise<PageSummary[]>
  listNews(): Promise<NewsItem[]>
  /** A published news item by its slug, as written; a draft is not found, like an unknown slug. */
  getNewsItem(slug: string): Promise<NewsItem>
}

function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    slug: row.slug,
    date: row.published_at,
    title: row.title,
    image: row.image,
    text: row.summary,
    html: row.body ? renderMarkdown(row.body) : '',
    imageAlt: row.image_alt,
    imageWidth: row.image_width,
    imageHeight: row.image_height,
  }
}

export function createContentService({ db }: { db: Executor }): ContentService {
  return {
    async getPage(name) {
      const page = await findPage(db, normalizePageName(name))
      if (!page) throw new NotFoundError('Page Not Found')
      return {
        name: page.name,
        title: page.title,
        description: page.description,
        content: page.content,
        html: renderMarkdown(page.content),
        updatedAt: page.updated_at,
      }
    },
    async listPages() {
      const rows = await listPageNames(db)
      return rows.map((row) => ({ name: row.name, updatedAt: row.updated_at }))
    },
    async listNews() {
      return (await listPublishedNews(db)).map(toNewsItem)
    },
    async getNewsItem(slug) {
      const row = await findPublishedNewsBySlug(db, slug)
      if (!row) throw new NotFoundError(PUBLISHING_MESSAGES.notFound)
      return toNewsItem(row)
    },
  }
}

export function normalizePageName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '')
}
