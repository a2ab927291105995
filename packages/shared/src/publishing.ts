import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { parseIsoDay } from './business-time.ts'
import { MESSAGES } from './messages.ts'

/*
 * Publishing: what staff write for the public site (news items; content pages and FAQs
 * follow the same rules). Bodies are Markdown, rendered on the server with raw HTML disabled; images are
 * uploaded, checked by their bytes and re-encoded; a save names the version it was made from.
 */

export const PUBLISH_STATUSES = ['draft', 'published'] as const
export type PublishStatus = (typeof PUBLISH_STATUSES)[number]
export const PUBLISH_STATUS_LABELS: Record<PublishStatus, string> = { draft: 'Draft', published: 'Published' }

export const NEWS_LIMITS = {
  titleMax: 120,
  slugMax: 80,
  summaryMax: 400,
  bodyMax: 20_000,
  altMax: 200,
} as const

/** The largest image an administrator may upload (before it is re-encoded). */
export const IMAGE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024

/** The sizes a news image is re-encoded to (16:9, WebP): the list and the item's page use them. */
export const NEWS_IMAGE_WIDTHS = [400, 800] as const
export const NEWS_IMAGE_RATIO = { width: 16, height: 9 } as const

export const PUBLISHING_MESSAGES = {
  titleRequired: 'Enter the title.',
  titleTooLong: `The title must be at most ${NEWS_LIMITS.titleMax} characters.`,
  slugInvalid: 'The slug may use lower-case letters, digits and single hyphens only.',
  slugTooLong: `The slug must be at most ${NEWS_LIMITS.slugMax} characters.`,
  slugTaken: 'Another news item already uses this slug.',
  dateInvalid: 'Enter the date as a calendar date.',
  summaryRequired: 'Write the summary shown in the news list.',
  summaryTooLong: `The summary must be at most ${NEWS_LIMITS.summaryMax} characters.`,
  bodyTooLong: `The body must be at most ${NEWS_LIMITS.bodyMax.toLocaleString('en-AU')} characters.`,
  imageRequired: 'Upload an image.',
  imageInvalid: 'Upload the image again.',
  altRequired: 'Describe the image for people who cannot see it.',
  altTooLong: `The alternative text must be at most ${NEWS_LIMITS.altMax} characters.`,
  imageNotSupported: MESSAGES.fileTypeNotSupported,
  imageTooLarge: MESSAGES.fileTooLarge,
  imageTooSmall: 'The image must be at least 800 pixels wide and 450 pixels high.',
  conflict:
    'Someone else changed this news item while you were editing it. Your changes were not saved: reload it to see theirs.',
  notFound: 'News item not found.',
  saved: 'The news item has been saved.',
  saveFailed: 'Unable to save the news item.',
} as const

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A slug made from a title: lower case, accents dropped, every other run of characters one hyphen. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NEWS_LIMITS.slugMax)
    .replace(/-+$/g, '')
}

/** A news image's path: one of ours uploaded (`/api/media/<id>-<width>.webp`) or one shipped with the site. */
export const NEWS_IMAGE_PATH = /^\/(?:api\/media\/[0-9a-f]{32}-\d{2,4}\.webp|images\/news\/[\w-]+\.svg)$/

/** POST /api/admin/news and PUT /api/admin/news/:id (with the version the person saw). */
export const newsInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: PUBLISHING_MESSAGES.titleRequired })
      .max(NEWS_LIMITS.titleMax, { error: PUBLISHING_MESSAGES.titleTooLong }),
    /** Empty: made from the title. */
    slug: z
      .string()
      .trim()
      .max(NEWS_LIMITS.slugMax, { error: PUBLISHING_MESSAGES.slugTooLong })
      .refine((slug) => slug === '' || SLUG.test(slug), { error: PUBLISHING_MESSAGES.slugInvalid }),
    /** The day it is dated, YYYY-MM-DD, in the business's time zone. */
    date: z
      .string()
      .refine((day) => parseIsoDay(day) !== undefined, { error: PUBLISHING_MESSAGES.dateInvalid }),
    summary: z
      .string()
      .trim()
      .min(1, { error: PUBLISHING_MESSAGES.summaryRequired })
      .max(NEWS_LIMITS.summaryMax, { error: PUBLISHING_MESSAGES.summaryTooLong }),
    /** Markdown; raw HTML is shown as text. */
    body: z.string().max(NEWS_LIMITS.bodyMax, { error: PUBLISHING_MESSAGES.bodyTooLong }),
    image: z
      .string()
      .min(1, { error: PUBLISHING_MESSAGES.imageRequired })
      .regex(NEWS_IMAGE_PATH, { error: PUBLISHING_MESSAGES.imageInvalid }),
    imageAlt: z
      .string()
      .trim()
      .min(1, { error: PUBLISHING_MESSAGES.altRequired })
      .max(NEWS_LIMITS.altMax, { error: PUBLISHING_MESSAGES.altTooLong }),
    status: z.enum(PUBLISH_STATUSES),
    /** On an update: the version the person saw (a newer one means someone else saved: 409). */
    version: z.number().int().min(1).max(MAX_RECORD_ID).optional(),
  })
  .strict()
export type NewsInput = z.infer<typeof newsInputSchema>

/** The editor's form values (strings as typed; the image as the uploaded path). */
export type NewsFormValues = Omit<NewsInput, 'version'>

/** One news item as the editor sees it (GET /api/admin/news/:id). */
export const newsAdminItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    date: z.string(),
    summary: z.string(),
    body: z.string(),
    image: z.string(),
    imageAlt: z.string(),
    status: z.enum(PUBLISH_STATUSES),
    version: z.number().int(),
    /** ISO 8601, UTC; null before the first edit. */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'NewsAdminItem' })
export type NewsAdminItem = z.infer<typeof newsAdminItemSchema>

/** GET /api/admin/news: every item, drafts included, newest first. */
export const newsAdminSummarySchema = newsAdminItemSchema
  .pick({ id: true, title: true, slug: true, date: true, status: true, updatedAt: true })
  .meta({ id: 'NewsAdminSummary' })
export type NewsAdminSummary = z.infer<typeof newsAdminSummarySchema>

/** POST /api/admin/media: an image as a base64 data URL; its bytes decide what it is. */
export const imageUploadSchema = z
  .object({
    dataUrl: z
      .string()
      .min(1)
      .max(12 * 1024 * 1024),
  })
  .strict()

/** The answer to an upload: the path of the largest size, and its size. */
export const uploadedImageSchema = z
  .object({ image: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'UploadedImage' })
export type UploadedImage = z.infer<typeof uploadedImageSchema>

/** POST /api/admin/markdown-preview. */
export const markdownPreviewInputSchema = z
  .object({ markdown: z.string().max(NEWS_LIMITS.bodyMax, { error: PUBLISHING_MESSAGES.bodyTooLong }) })
  .strict()
export const markdownPreviewSchema = z.object({ html: z.string() }).meta({ id: 'MarkdownPreview' })

/**
 * The sizes of an uploaded image for `srcset` ('/api/media/<id>-800.webp' gives the 400 and 800 ones);
 * undefined for an image shipped with the site.
 */
export function mediaSrcSet(image: string): string | undefined {
  const match = /^(\/api\/media\/[0-9a-f]{32})-\d+\.webp$/.exec(image)
  if (!match) return undefined
  return NEWS_IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ')
}

/** The random name of an upload from the path of one of its sizes ('/api/media/<id>-800.webp'). */
export function mediaIdOf(image: string): string | undefined {
  return /^\/api\/media\/([0-9a-f]{32})-\d+\.webp$/.exec(image)?.[1]
}

/* ---------- Content pages (requirements §2's generic pages, the privacy policy and the website terms) ---------- */

export const PAGE_LIMITS = { nameMax: 100, titleMax: 120, descriptionMax: 300, contentMax: 50_000 } as const

export const PAGE_MESSAGES = {
  nameInvalid: 'The address may use lower-case letters, digits, single hyphens and slashes between words.',
  nameReserved: 'That address belongs to another part of the site.',
  nameTaken: 'A page already has this address.',
  titleRequired: 'Enter the title.',
  titleTooLong: `The title must be at most ${PAGE_LIMITS.titleMax} characters.`,
  descriptionRequired: 'Write the description search engines show.',
  descriptionTooLong: `The description must be at most ${PAGE_LIMITS.descriptionMax} characters.`,
  contentTooLong: `The text must be at most ${PAGE_LIMITS.contentMax.toLocaleString('en-AU')} characters.`,
  conflict:
    'Someone else changed this page while you were editing it. Your changes were not saved: reload it to see theirs.',
  notFound: 'Page Not Found',
  saved: 'The page has been saved.',
  saveFailed: 'Unable to save the page.',
} as const

/** The first parts of addresses the site's own screens use: no content page may take them. */
export const RESERVED_PAGE_NAMES = [
  'about',
  'admin',
  'api',
  'application-for-credit',
  'assets',
  'cancel-email-change',
  'confirm-email',
  'contact-us',
  'faqs',
  'forgot-password',
  'get-a-quote',
  'images',
  'login',
  'logout',
  'news',
  'pages',
  'playground',
  'register',
  'reset-password',
  'services',
  'set-up-two-step',
  'update-profile',
] as const

const PAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/

const pageFields = {
  title: z
    .string()
    .trim()
    .min(1, { error: PAGE_MESSAGES.titleRequired })
    .max(PAGE_LIMITS.titleMax, { error: PAGE_MESSAGES.titleTooLong }),
  description: z
    .string()
    .trim()
    .min(1, { error: PAGE_MESSAGES.descriptionRequired })
    .max(PAGE_LIMITS.descriptionMax, { error: PAGE_MESSAGES.descriptionTooLong }),
  /** Markdown; raw HTML is shown as text. */
  content: z.string().max(PAGE_LIMITS.contentMax, { error: PAGE_MESSAGES.contentTooLong }),
}

/** PUT /api/admin/pages/:name: the version the person saw (0 for a page not saved before). */
export const pageInputSchema = z
  .object({ ...pageFields, version: z.number().int().min(0).max(MAX_RECORD_ID) })
  .strict()
export type PageInput = z.infer<typeof pageInputSchema>

/** POST /api/admin/pages: a new page at an address of its own. */
export const pageCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(PAGE_LIMITS.nameMax, { error: PAGE_MESSAGES.nameInvalid })
      .regex(PAGE_NAME, { error: PAGE_MESSAGES.nameInvalid })
      .refine((name) => !(RESERVED_PAGE_NAMES as readonly string[]).includes(name.split('/')[0] ?? ''), {
        error: PAGE_MESSAGES.nameReserved,
      }),
    ...pageFields,
  })
  .strict()
export type PageCreate = z.infer<typeof pageCreateSchema>

/** The editor's form values. */
export type PageFormValues = Omit<PageInput, 'version'>

/** One page as the editor sees it (GET /api/admin/pages/:name). */
export const pageAdminItemSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    content: z.string(),
    /** 0 for a page whose text ships with the site and has not been saved here yet. */
    version: z.number().int(),
    updatedAt: z.string().nullable(),
    /** The privacy policy and website terms: their text ships with the site until saved here. */
    builtIn: z.boolean(),
  })
  .meta({ id: 'PageAdminItem' })
export type PageAdminItem = z.infer<typeof pageAdminItemSchema>

export const pageAdminSummarySchema = pageAdminItemSchema
  .pick({ name: true, title: true, updatedAt: true, builtIn: true })
  .meta({ id: 'PageAdminSummary' })
export type PageAdminSummary = z.infer<typeof pageAdminSummarySchema>
