import { z } from 'zod'

/** GET /api/pages/:name: a content page of requirements §2. */
export const pageSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    /** The text as written (Markdown; plain paragraphs read the same). */
    content: z.string(),
    /** The content rendered on the server with raw HTML disabled. */
    html: z.string(),
    /** When staff last saved it; null for a page as it was first installed. */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'Page' })
export type Page = z.infer<typeof pageSchema>

/** One item of GET /api/pages: a content page's address (its name) and when staff last saved it. */
export const pageSummarySchema = z
  .object({ name: z.string(), updatedAt: z.string().nullable() })
  .meta({ id: 'PageSummary' })
export type PageSummary = z.infer<typeof pageSummarySchema>

/** One item of GET /api/news. */
export const newsItemSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    /** ISO 8601, UTC. */
    date: z.string(),
    title: z.string(),
    /** Site-relative image path, e.g. '/images/news/solar-vms-fleet-upgrade.svg'. */
    image: z.string(),
    text: z.string(),
    /** The body rendered from Markdown on the server (raw HTML disabled); '' when the item has only its text. */
    html: z.string(),
    /** The image's alternative text; '' for the first items, whose images the site describes itself. */
    imageAlt: z.string(),
    /** The image's intrinsic size, for an uploaded image; null for one shipped with the site. */
    imageWidth: z.number().int().nullable(),
    imageHeight: z.number().int().nullable(),
  })
  .meta({ id: 'NewsItem' })
export type NewsItem = z.infer<typeof newsItemSchema>
