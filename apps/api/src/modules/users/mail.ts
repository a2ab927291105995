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
