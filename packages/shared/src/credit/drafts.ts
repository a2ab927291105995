import { z } from 'zod'
import { emailField } from '../fields.ts'
import { type CreditApplicationFormDefaults, creditApplicationDefaults } from './defaults.ts'

/*
 * Save and continue later: an application in progress kept on the server with everything in it
 * (files and drawn signatures), reached again by the link emailed to the person completing it.
 */

/** How long a saved application and its link last after the last save. */
export const CREDIT_DRAFT_DAYS = 30

/** The largest saved application (the form's values as JSON, a trust deed and signatures included). */
export const CREDIT_DRAFT_MAX_CHARS = 16 * 1024 * 1024

/** A link's token: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export const CREDIT_DRAFT_MESSAGES = {
  saved: (email: string) =>
    `Your application is saved. We have emailed a link to ${email} to continue it in any browser; the link works for ${CREDIT_DRAFT_DAYS} days.`,
  saveFailed: 'Unable to save your application. Please try again.',
  expired: `This link has expired: a saved application is kept for ${CREDIT_DRAFT_DAYS} days after it was last saved. Please start a new application.`,
  invalid:
    'This link is not valid: the application it saved may have been submitted already. Please use the latest link we emailed you, or start a new application.',
  tooLarge: 'The application is too large to save. Please remove a file and try again.',
  tooManyMails:
    'This address has already been sent as many links to saved applications as we send in a day. Please try again tomorrow, or use the latest link we emailed.',
} as const

/** POST /api/apply-for-credit/drafts: the form's values; with the token of a draft, that draft is saved again. */
export const creditDraftSaveSchema = z
  .object({
    email: emailField(),
    values: z.record(z.string(), z.unknown()),
    token: z.string().regex(TOKEN).optional(),
  })
  .strict()
export type CreditDraftSave = z.infer<typeof creditDraftSaveSchema>

/** POST /api/apply-for-credit/drafts/open: the token from the link (in the body, so that no log holds it). */
export const creditDraftOpenSchema = z.object({ token: z.string().regex(TOKEN) }).strict()

export const creditDraftSavedSchema = z
  .object({ token: z.string(), email: z.string(), expiresAt: z.string() })
  .meta({ id: 'CreditDraftSaved' })
export type CreditDraftSaved = z.infer<typeof creditDraftSavedSchema>

export const creditDraftSchema = creditDraftSavedSchema
  .extend({ values: z.record(z.string(), z.unknown()) })
  .meta({ id: 'CreditDraft' })
export type CreditDraft = z.infer<typeof creditDraftSchema>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The form's starting values from a saved application: each section's saved fields over the empty form's, so
 * that a field added to the form since the save starts empty instead of missing.
 */
export function creditApplicationFromDraft(values: Record<string, unknown>): CreditApplicationFormDefaults {
  const defaults = creditApplicationDefaults()
  const merged: Record<string, unknown> = { ...defaults }
  for (const [key, section] of Object.entries(defaults)) {
    const saved = values[key]
    if (isRecord(saved)) merged[key] = { ...section, ...saved }
  }
  return merged as CreditApplicationFormDefaults
}
