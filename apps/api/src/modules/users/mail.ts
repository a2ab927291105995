import { SITE } from '@signalway/shared/site'
import type { OutgoingMail } from '../outbox/service.ts'
import { greeting, MAIL_SIGNATURE as signature } from '../outbox/signature.ts'

/* The emails an administrator's change to a user's account sends that user. */

export function secondFactorResetMail(
  to: { email: string; firstName: string | null },
  siteUrl: string,
): OutgoingMail {
  return {
    to: to.email,
    subject: `Two-step sign-in was reset on your ${SITE.name} account`,
    text: [
      greeting(to.firstName),
      '',
      `One of our administrators has reset the two-step sign-in of your ${SITE.name} account, as you asked,`,
      'and every sign-in of your account has been ended. Your password has not changed. You can set up an',
      `authenticator app again from the Security section of your profile: ${siteUrl}/update-profile/#security`,
      '',
      `If you did not ask for this, please call us straight away on ${SITE.phone.display}.`,
      '',
      signature,
      '',
    ].join('\n'),
  }
}

/**
 * The invitation to set one's own password (ADR 035). The address is not proved yet, so no name and nothing a
 * member of staff typed: only the fixed text, the link and how long it works (ADR 032).
 */
export function invitationMail(email: string, link: string, hours: number): OutgoingMail {
  return {
    to: email,
    subject: `Set the password of your ${SITE.name} account`,
    text: [
      greeting(null),
      '',
      `One of our staff has opened a ${SITE.name} account for this email address.`,
      '',
      `To choose your password, open the link below within ${hours} hours. It can be used once, and it also`,
      'confirms that this email address is yours.',
      '',
      link,
      '',
      `If you were not expecting this, you can ignore this email, or call us on ${SITE.phone.display}.`,
      '',
      signature,
      '',
    ].join('\n'),
  }
}
