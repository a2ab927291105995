import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminRoutes } from './admin-routes.ts'
import { createCreditDecisions } from './decisions.ts'
import { createDownloadTokens } from './download-token.ts'
import { createCreditDrafts, deleteExpiredDrafts } from './drafts.ts'
import { draftsRoutes } from './drafts-routes.ts'
import { pruneMailLog } from './mail-limits.ts'
import { createPdfSealer } from './pdf/seal.ts'
import { createCreditService } from './service.ts'
import { signerRoutes } from './signer-routes.ts'
import { createCreditSigning } from './signing.ts'
import { signingRoutes } from './signing-routes.ts'
import { submitRoutes } from './submit-routes.ts'

const DRAFT_SWEEP_MS = 60 * 60 * 1000
/** How often each instance looks for reminders due, submissions to retry and signings expired. */
const SIGNING_SWEEP_MS = 10 * 60 * 1000

/**
 * The credit module: POST /api/apply-for-credit (public), saved applications, remote signing and, for admins,
 * the applications and each stored PDF. Builds the services once and hands them to each group of routes.
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const seal = createPdfSealer(app.config.pdfSeal)
  // Production names its certificate (PDF_SEAL_P12): a wrong password or a file without a key stops the start.
  if (app.config.pdfSeal.p12Path) await seal.identity()
  const credit = createCreditService({
    db: app.db,
    accountsEmail: app.config.accountsEmail,
    siteUrl: app.config.siteUrl,
    clock: app.clock,
    seal,
  })
  const decisions = createCreditDecisions({
    db: app.db,
    accountsEmail: app.config.accountsEmail,
    siteUrl: app.config.siteUrl,
    clock: app.clock,
  })
  const downloads = createDownloadTokens(app.config, app.clock)
  const drafts = createCreditDrafts({ db: app.db, siteUrl: app.config.siteUrl, clock: app.clock })
  const signing = createCreditSigning({
    db: app.db,
    siteUrl: app.config.siteUrl,
    clock: app.clock,
    credit,
    log: app.log,
  })

  await app.register(submitRoutes, { credit, downloads })
  await app.register(draftsRoutes, { drafts })
  await app.register(signingRoutes, { signing })
  await app.register(signerRoutes, { signing })
  await app.register(adminRoutes, { credit, decisions, signing })

  // Reminders, retried submissions and expired signings: every instance looks now and then; each reminder is
  // claimed by one (a conditional update), so it goes once.
  app.jobs.add({
    name: 'credit-signing-sweep',
    everyMs: SIGNING_SWEEP_MS,
    failureMessage: 'remote signing sweep failed',
    run: async () => {
      const reminded = await signing.sendReminders()
      const submitted = await signing.retrySubmissions()
      const deleted = await signing.deleteExpired()
      await pruneMailLog(app.db, app.clock())
      if (reminded + submitted + deleted > 0) {
        app.log.info({ reminded, submitted, deleted }, 'remote signing: reminders, submissions and expiries')
      }
    },
  })

  // Expired drafts go, with their files and signatures: now and then on every instance (a delete is the same
  // whoever runs it).
  app.jobs.add({
    name: 'credit-draft-sweep',
    everyMs: DRAFT_SWEEP_MS,
    failureMessage: 'expired credit application drafts could not be deleted',
    run: async () => {
      const deleted = await deleteExpiredDrafts(app.db, app.clock())
      if (deleted > 0) app.log.info({ deleted }, 'expired credit application drafts deleted')
    },
  })
}
