import { SITE } from '@signalway/shared/site'

/** How the business signs the emails it sends to people: its name, phone, email and hours. */
export const MAIL_SIGNATURE = [
  'Kind regards,',
  SITE.name,
  `${SITE.phone.display} | ${SITE.enquiriesEmail}`,
  SITE.openingHours.long,
].join('\n')

/**
 * The first line of an email: with the person's name only when their address is shown to be theirs (confirmed).
 * Otherwise whoever typed the name may not own the mailbox, and the business would be mailing their words to a
 * stranger.
 */
export function greeting(name: string | null): string {
  return name ? `Hello ${name},` : 'Hello,'
}

/** The name to greet an account by: its first name once its address is confirmed, else none. */
export function mailNameOf(user: { first_name: string; email_confirmed_at: string | null }): string | null {
  return user.email_confirmed_at ? user.first_name : null
}
