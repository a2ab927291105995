import { SIGNING_MAX_REMINDERS, SIGNING_REMINDER_HOURS } from '@signalway/shared/credit/signing'
import { toTimestamp } from '../../lib/time.ts'
import { HOUR_MS, type SigningDeps, sendLink } from './signing-common.ts'
import { factsOf } from './signing-document.ts'
import {
  claimReminder,
  deleteExpiredSignings,
  findSigningMailFacts,
  listRemindersDue,
} from './signing-repository.ts'

/* The scheduled work of remote signing: reminders, and the signings past their time. */

/** Emails the reminders that are due; each goes once, whichever instance gets there first. */
export async function sendReminders(deps: SigningDeps): Promise<number> {
  const { db } = deps
  const now = deps.clock()
  const due = await listRemindersDue(db, {
    now: toTimestamp(now),
    sentBefore: toTimestamp(new Date(now.getTime() - SIGNING_REMINDER_HOURS * HOUR_MS)),
    maxReminders: SIGNING_MAX_REMINDERS,
    limit: 100,
  })
  let sent = 0
  for (const signer of due) {
    await db.transaction().execute(async (trx) => {
      // The claim: only the instance whose update changes the row sends this reminder.
      if (!(await claimReminder(trx, signer, toTimestamp(now)))) return
      const signing = await findSigningMailFacts(trx, signer.signing_id)
      // Past the address's daily limit of reminders, this one is skipped.
      if (signing && (await sendLink(trx, deps.siteUrl, 'reminder', factsOf(signing), signer, now))) sent++
    })
  }
  return sent
}

/** Deletes the signings past their time, with their signers and links. */
export async function deleteExpired(deps: SigningDeps): Promise<number> {
  return deleteExpiredSignings(deps.db, toTimestamp(deps.clock()))
}
