import { createHash } from 'node:crypto'
import { formatLongDate } from '@signalway/shared/business-time'
import {
  CREDIT_DRAFT_DAYS,
  CREDIT_DRAFT_MAX_CHARS,
  type CreditDraft,
  type CreditDraftSave,
  type CreditDraftSaved,
  CREDIT_DRAFT_MESSAGES as MESSAGES,
} from '@signalway/shared/credit/drafts'
import { SITE } from '@signalway/shared/site'
import type { Executor } from '../../db/database.ts'
import { AppError, NotFoundError, PayloadTooLargeError } from '../../lib/errors.ts'
import { randomToken } from '../../lib/random.ts'
import type { Clock } from '../../lib/time.ts'
import {
  deleteDraftByTokenHash,
  deleteDraftsExpiredBy,
  findDraftByTokenHash,
  findDraftExpiry,
  insertDraft,
  updateDraft,
} from './drafts-repository.ts'
import { enqueueWithinDailyLimit } from './mail-limits.ts'

/*
 * Save and continue later. A draft holds the form's values as JSON, files and drawn signatures
 * included. Its link carries a random 256-bit token; only the token's SHA-256 is stored, so the database
 * cannot give the links away. A draft lasts CREDIT_DRAFT_DAYS after its last save; saving again with its
 * token keeps the same draft and link. Expired drafts are deleted by `deleteExpiredDrafts`, which every
 * instance runs now and then (deleting is the same whoever does it). Anyone can type any address, so each
 * address is sent at most DRAFT_MAILS_PER_DAY links a day; a save past that is refused (429) and stores nothing.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** A link that has expired: 410, with the message the page shows. */
export class DraftExpiredError extends AppError {
  constructor() {
    super(410, MESSAGES.expired)
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export function resumeLink(siteUrl: string, token: string): string {
  return `${siteUrl}/application-for-credit/resume/${token}`
}

export interface CreditDrafts {
  save(input: CreditDraftSave): Promise<CreditDraftSaved>
  open(token: string): Promise<CreditDraft>
  /** The application was submitted: its draft, files and signatures go at once. */
  discard(token: string): Promise<void>
}

export function createCreditDrafts(deps: { db: Executor; siteUrl: string; clock: Clock }): CreditDrafts {
  const { db, clock } = deps
  return {
    async save({ email, values, token }) {
      const payload = JSON.stringify(values)
      if (payload.length > CREDIT_DRAFT_MAX_CHARS) throw new PayloadTooLargeError(MESSAGES.tooLarge)
      const now = clock()
      const expiresAt = new Date(now.getTime() + CREDIT_DRAFT_DAYS * DAY_MS)
      const saved = await db.transaction().execute(async (trx) => {
        // Saving again with the link's token keeps the draft (and its link) while it lasts.
        const existing = token ? await findDraftExpiry(trx, hashToken(token)) : undefined
        const live = existing && new Date(existing.expires_at) > now ? existing : undefined
        const kept = live && token ? token : randomToken(32)
        const values = { email, payload, updatedAt: now, expiresAt }
        if (live) await updateDraft(trx, live.id, values)
        else await insertDraft(trx, hashToken(kept), values)
        await enqueueWithinDailyLimit(
          trx,
          'draft-link',
          draftMail(email, resumeLink(deps.siteUrl, kept), expiresAt),
          now,
          { refusal: MESSAGES.tooManyMails },
        )
        return kept
      })
      return { token: saved, email, expiresAt: expiresAt.toISOString() }
    },

    async open(token) {
      const row = await findDraftByTokenHash(db, hashToken(token))
      if (!row) throw new NotFoundError(MESSAGES.invalid)
      if (new Date(row.expires_at) <= clock()) throw new DraftExpiredError()
      return {
        token,
        email: row.email,
        expiresAt: row.expires_at,
        values: JSON.parse(row.payload) as Record<string, unknown>,
      }
    },

    async discard(token) {
      await deleteDraftByTokenHash(db, hashToken(token))
    },
  }
}

/** The email with the link to continue (the link is the only copy the person has). */
function draftMail(to: string, link: string, expiresAt: Date) {
  return {
    to,
    subject: 'Your application for credit is saved',
    text: [
      'Hello,',
      '',
      `Your application for credit with ${SITE.name} is saved. To continue it, in this or any other browser, open:`,
      '',
      link,
      '',
      `The link works until ${formatLongDate(expiresAt.toISOString())}, and for ${CREDIT_DRAFT_DAYS} days after each time you save again. Anyone with the link can open the application, so please do not share it.`,
      '',
      `If you did not start an application, you can ignore this email. Questions: call us on ${SITE.phone.display}.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** Deletes the drafts whose time is up (their files and signatures are in them). Answers how many. */
export async function deleteExpiredDrafts(db: Executor, now: Date): Promise<number> {
  return deleteDraftsExpiredBy(db, now)
}
