import { formatLongDate } from '@signalway/shared/business-time'
import { SIGNING_LINK_DAYS } from '@signalway/shared/credit/signing'
import { SITE } from '@signalway/shared/site'

/*
 * The emails of remote signing (issue 16). Each link is the only copy of its token: the emails say who may use
 * it and until when.
 */

export interface SignerMailContext {
  to: string
  signerName: string
  role: string
  /** Pty Ltd: the signature covers the guarantee and indemnity too. */
  guarantee: boolean
  businessName: string
  completerName: string
  link: string
  expiresAt: Date
}

export type SignerMailKind = 'request' | 'reminder' | 'changed'

const SUBJECTS: Record<SignerMailKind, (business: string) => string> = {
  request: (business) => `Please sign the application for credit of ${business}`,
  reminder: (business) => `Reminder: please sign the application for credit of ${business}`,
  changed: (business) => `The application for credit of ${business} has changed: please sign again`,
}

export function signerMail(kind: SignerMailKind, context: SignerMailContext) {
  const capacity = `as ${context.role.toLowerCase()}${context.guarantee ? ', and personally as guarantor' : ''}`
  const opening: Record<SignerMailKind, string> = {
    request: `${context.completerName} is applying for a credit account with ${SITE.name} for ${context.businessName}, and asks you to sign the application ${capacity}.`,
    reminder: `This is a reminder: ${context.completerName} asked you to sign the application for a credit account with ${SITE.name} for ${context.businessName} ${capacity}, and it is still waiting for your signature.`,
    changed: `The application for a credit account with ${SITE.name} for ${context.businessName} was changed after you signed it, so your earlier signature no longer counts. Please read it again and sign ${capacity}.`,
  }
  return {
    to: context.to,
    subject: SUBJECTS[kind](context.businessName),
    text: [
      `Hello ${context.signerName},`,
      '',
      opening[kind],
      '',
      'Read the application and sign it on your own device:',
      '',
      context.link,
      '',
      `The link works until ${formatLongDate(context.expiresAt.toISOString())} (${SIGNING_LINK_DAYS} days). It is yours alone: anyone with it can sign in your name, so please do not forward it. If you do not want to sign, open the link and choose "Decline to sign".`,
      '',
      `Questions: call us on ${SITE.phone.display}.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** To the person completing the application: the link to the status page. */
export function statusMail(context: {
  to: string
  completerName: string
  businessName: string
  signers: readonly { name: string; email: string }[]
  link: string
  expiresAt: Date
}) {
  return {
    to: context.to,
    subject: `Signing requests sent for the application for credit of ${context.businessName}`,
    text: [
      `Hello ${context.completerName},`,
      '',
      `We have emailed a signing request for the application for credit of ${context.businessName} to:`,
      '',
      ...context.signers.map((signer) => `- ${signer.name} (${signer.email})`),
      '',
      'Follow their progress, send a request again or change an address here:',
      '',
      context.link,
      '',
      `The application is submitted as soon as everyone has signed, and you will receive the signed PDF by email. The link works until ${formatLongDate(context.expiresAt.toISOString())}; please do not share it.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** To the person completing the application: a signer declined. */
export function declinedMail(context: {
  to: string
  completerName: string
  businessName: string
  signerName: string
  reason: string
}) {
  return {
    to: context.to,
    subject: `${context.signerName} declined to sign the application for credit of ${context.businessName}`,
    text: [
      `Hello ${context.completerName},`,
      '',
      `${context.signerName} declined to sign the application for credit of ${context.businessName}.`,
      ...(context.reason ? ['', `Their reason: ${context.reason}`] : []),
      '',
      'To ask them again or send the request to another address, open the status page from the email we sent you when you sent the signing requests.',
      '',
      SITE.name,
    ].join('\n'),
  }
}
