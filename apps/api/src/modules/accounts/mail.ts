import { SITE } from '@signalway/shared/site'
import type { OutgoingMail } from '../outbox/service.ts'
import { greeting, MAIL_SIGNATURE as signature } from '../outbox/signature.ts'

/*
 * The account emails: plain text, from the business. Links are the only thing that varies besides
 * the name, which is used only for a confirmed address (greeting); no password or token other than the one-time
 * link ever appears in a message.
 */

export function passwordResetMail(
  to: { email: string; firstName: string | null },
  link: string,
  minutes: number,
): OutgoingMail {
  return {
    to: to.email,
    subject: `Reset your ${SITE.name} password`,
    text: [
      greeting(to.firstName),
      '',
      `We received a request to reset the password of your ${SITE.name} account.`,
      '',
      `To choose a new password, open the link below within ${minutes} minutes. It can be used once.`,
      '',
      link,
      '',
      'If you did not ask for a new password, you can ignore this email: your password has not been changed.',
      '',
      signature,
      '',
    ].join('\n'),
  }
}

export function passwordChangedMail(
  to: { email: string; firstName: string | null },
  siteUrl: string,
): OutgoingMail {
  return {
    to: to.email,
    subject: `Your ${SITE.name} password has been changed`,
    text: [
      greeting(to.firstName),
      '',
      `The password of your ${SITE.name} account has just been changed, and every other sign-in of your`,
      'account has been ended.',
      '',
      `If this was not you, please reset your password straight away at ${siteUrl}/forgot-password/ and call us on`,
      `${SITE.phone.display}.`,
      '',
      signature,
      '',
    ].join('\n'),
  }
}

/** `newEmail`: null when the address written to is unconfirmed (nothing the account typed goes to it). */
export function emailChangedMail(
  to: { email: string; firstName: string | null },
  newEmail: string | null,
  siteUrl: string,
): OutgoingMail {
  return {
    to: to.email,
    subject: `Your ${SITE.name} email address has been changed`,
    text: [
      greeting(to.firstName),
      '',
      newEmail
        ? `The email address of your ${SITE.name} account has been changed to ${newEmail}.`
        : `The email address of your ${SITE.name} account has been changed to another address.`,
      'From now on, sign in and receive account emails with that address.',
      '',
      `If this was not you, please call us on ${SITE.phone.display} or write to ${SITE.enquiriesEmail} straight away.`,
      `You can also sign in at ${siteUrl}/login/.`,
      '',
      signature,
      '',
    ].join('\n'),
  }
}

export function confirmEmailMail(
  to: { newEmail: string; firstName: string | null },
  link: string,
  hours: number,
): OutgoingMail {
  return {
    to: to.newEmail,
    subject: `Confirm your new ${SITE.name} email address`,
    text: [
      greeting(to.firstName),
      '',
      `You asked to use this address for your ${SITE.name} account. To confirm it, log in to your account (with`,
      `the address you use now), then open the link below within ${hours} hours. It can be used once, and only`,
      'while logged in to that account.',
      '',
      link,
      '',
      'If you did not ask for this, ignore this email: nothing changes until the link is opened.',
      '',
      signature,
      '',
    ].join('\n'),
  }
}

/** `newEmail`: null when the address written to is unconfirmed (nothing the account typed goes to it). */
export function emailChangeRequestedMail(
  to: { email: string; firstName: string | null },
  newEmail: string | null,
  cancelLink: string,
): OutgoingMail {
  return {
    to: to.email,
    subject: `A change of your ${SITE.name} email address was requested`,
    text: [
      greeting(to.firstName),
      '',
      newEmail
        ? `Someone signed in to your ${SITE.name} account asked to change its email address to ${newEmail}.`
        : `Someone signed in to your ${SITE.name} account asked to change its email address.`,
      'Nothing changes until that address confirms it; until then you sign in with this one.',
      '',
      'If this was not you, cancel the change with the link below and change your password:',
      '',
      cancelLink,
      '',
      signature,
      '',
    ].join('\n'),
  }
}

/**
 * The email a registration sends to the address just registered: welcome, where to sign in, and the link that
 * confirms the address. Nobody has shown the address is theirs yet, so nothing the registrant typed goes in it
 * (no name: ADR 032), and it says what to do if someone else registered it.
 */
export function welcomeMail(to: string, confirmLink: string, hours: number, siteUrl: string): OutgoingMail {
  return {
    to,
    subject: `Welcome to ${SITE.name}`,
    text: [
      greeting(null),
      '',
      `Thank you for registering with ${SITE.name}. Your account is ready: sign in at ${siteUrl}/login/ with`,
      'this email address.',
      '',
      `To confirm that this address is yours, log in to your account, then open the link below within ${hours}`,
      'hours. It can be used once, and only while logged in to that account.',
      '',
      confirmLink,
      '',
      'Once confirmed, the quote requests and credit applications you sent with this address show in your account.',
      '',
      `If you did not register, do not open the link: please call us on ${SITE.phone.display} or write to`,
      `${SITE.enquiriesEmail}, and we will close the account.`,
      '',
      signature,
      '',
    ].join('\n'),
  }
}
