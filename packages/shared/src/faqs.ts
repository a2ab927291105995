import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'

/*
 * The FAQ (requirements §2) as staff keep it: each question has a category, an answer in Markdown
 * (rendered on the server with raw HTML disabled, like news and pages) and a place in its category's order.
 * The categories are fixed: the public page shows them in this order.
 */

export const FAQ_CATEGORIES = [
  'Hiring and bookings',
  'Delivery and collection',
  'Accounts and payment',
  'Equipment and operation',
  'Safety and compliance',
  'Tolls, damage and incidents',
] as const
export type FaqCategory = (typeof FAQ_CATEGORIES)[number]

export const FAQ_LIMITS = { questionMax: 200, answerMax: 4_000 } as const

export const FAQ_MESSAGES = {
  questionRequired: 'Enter the question.',
  questionTooLong: `The question must be at most ${FAQ_LIMITS.questionMax} characters.`,
  answerRequired: 'Write the answer.',
  answerTooLong: `The answer must be at most ${FAQ_LIMITS.answerMax.toLocaleString('en-AU')} characters.`,
  categoryRequired: 'Choose the category.',
  conflict:
    'Someone else changed this question while you were editing it. Your changes were not saved: reload it to see theirs.',
  notFound: 'Question not found.',
  saved: 'The question has been saved.',
  saveFailed: 'Unable to save the question.',
  deleted: 'The question has been deleted.',
  deleteFailed: 'Unable to delete the question.',
  moveFailed: 'Unable to move the question.',
} as const

/** POST /api/admin/faqs and PUT /api/admin/faqs/:id (with the version the person saw). */
export const faqInputSchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, { error: FAQ_MESSAGES.questionRequired })
      .max(FAQ_LIMITS.questionMax, { error: FAQ_MESSAGES.questionTooLong }),
    /** Markdown; raw HTML is shown as text. */
    answer: z
      .string()
      .trim()
      .min(1, { error: FAQ_MESSAGES.answerRequired })
      .max(FAQ_LIMITS.answerMax, { error: FAQ_MESSAGES.answerTooLong }),
    category: z.enum(FAQ_CATEGORIES, { error: FAQ_MESSAGES.categoryRequired }),
    /** On an update: the version the person saw (a newer one means someone else saved: 409). */
    version: z.number().int().min(1).max(MAX_RECORD_ID).optional(),
  })
  .strict()
export type FaqInput = z.infer<typeof faqInputSchema>
export type FaqFormValues = Omit<FaqInput, 'version'>

/** POST /api/admin/faqs/:id/move: one place up or down within its category. */
export const faqMoveSchema = z.object({ direction: z.enum(['up', 'down']) }).strict()
export type FaqMove = z.infer<typeof faqMoveSchema>

/** DELETE /api/admin/faqs/:id?version=: the version the person saw. */
export const faqDeleteQuerySchema = z.object({ version: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

/** One question of GET /api/faqs, in the page's order (category, then place). */
export const faqSchema = z
  .object({
    id: z.number().int(),
    /** Stable kebab-case anchor, made from the question when it was added. */
    slug: z.string(),
    category: z.enum(FAQ_CATEGORIES),
    question: z.string(),
    /** The answer rendered from Markdown on the server (raw HTML disabled). */
    html: z.string(),
    /** The answer as plain text (for the search and structured data). */
    text: z.string(),
  })
  .meta({ id: 'Faq' })
export type Faq = z.infer<typeof faqSchema>

/** One question as the back office sees it (GET /api/admin/faqs, in the page's order). */
export const faqAdminItemSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    category: z.enum(FAQ_CATEGORIES),
    question: z.string(),
    answer: z.string(),
    version: z.number().int(),
    /** ISO 8601, UTC; null for a question as it was first installed. */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'FaqAdminItem' })
export type FaqAdminItem = z.infer<typeof faqAdminItemSchema>

/** Questions by category, in the categories' order; a category without a question is left out. */
export function groupByCategory<T extends { category: FaqCategory }>(
  faqs: readonly T[],
): { category: FaqCategory; faqs: T[] }[] {
  return FAQ_CATEGORIES.map((category) => ({
    category,
    faqs: faqs.filter((faq) => faq.category === category),
  })).filter((group) => group.faqs.length > 0)
}
