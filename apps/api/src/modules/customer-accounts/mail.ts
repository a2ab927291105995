import { ACCOUNT_INVITATION_TTL_DAYS } from '@signalway/shared/customer-account-members'
import { CUSTOMER_ACCOUNT_ROLE_LABELS, type CustomerAccountRole } from '@signalway/shared/customer-accounts'
import { SITE } from '@signalway/shared/site'
import type { OutgoingMail } from '../outbox/service.ts'
import { greeting, MAIL_SIGNATURE as signature } from '../outbox/signature.ts'

/**
 * The invitation to join a customer account (requirements §18). The address is not proved yet, so only fixed
 * words, the account's legal name, the role, the inviter's name as registered and the link: nothing anyone typed
 * for the occasion (ADR 032). `inviter` is null for the owner's invitation, which the credit approval sends.
 */
export function accountInvitationMail(
  to: string,
  invitation: { legalName: string; role: CustomerAccountRole; inviter: string | null; link: string },
): OutgoingMail {
  const who = invitation.inviter === null ? 'We have' : `${invitation.inviter} has`
  const what =
    invitation.inviter === null
      ? `Your application for credit has been approved, and the ${SITE.name} account of ${invitation.legalName} is open.`
      : `${who} invited you to join the ${SITE.name} account of ${invitation.legalName}.`
  return {
    to,
    subject: `Join the ${SITE.name} account of ${invitation.legalName}`,
    text: [
      greeting(null),
      '',
      what,
      `Your role: ${CUSTOMER_ACCOUNT_ROLE_LABELS[invitation.role]}.`,
      '',
      `To join, open the link below within ${ACCOUNT_INVITATION_TTL_DAYS} days and sign in with this email address,`,
      'or register with it if you have no account with us yet. The link can be used once.',
      '',
      invitation.link,
      '',
      `If you were not expecting this, you can ignore this email, or call us on ${SITE.phone.display}.`,
      '',
      signature,
      '',
    ].join('\n'),
  }
}
