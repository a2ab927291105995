import { formatLongDate } from '@signalway/shared/business-time'
import { SIGNING_LINK_DAYS, SIGNING_STATUS_DAYS } from '@signalway/shared/credit/signing'
import { SITE } from '@signalway/shared/site'

/*
 * The emails of remote signing. They go to addresses nobody has proved are theirs, so they carry nothing anyone
 * typed (no name, no reason, no address): the application is named by its ABN, the signers by their role. Each
 * link is the only copy of its token: the emails say who may use it and until when.
 */

export interface SignerMailContext {
  to: string
  /** 'Director', 'Partner', 'Sole Trader'. */
  role: string
  /** Pty Ltd: the signature covers the guarantee and indemnity too. */
  guarantee: boolean
  /** The application's ABN, formatted. */
  abn: string
  link: string
  expiresAt: Date
}

export type SignerMailKind = 'request' | 'reminder' | 'changed'

const SUBJECTS: Record<SignerMailKind, string> = {
  request: `Please sign an application for credit with ${SITE.name}`,
  reminder: `Reminder: please sign an application for credit with ${SITE.name}`,
  changed: `An application for credit with ${SITE.name} has changed: please sign again`,
}

/** 'the application for a credit account with … for the business with ABN …'. */
const theApplication = (abn: string) =>
  `the application for a credit account with ${SITE.name} for the business with ABN ${abn}`

export function signerMail(kind: SignerMailKind, context: SignerMailContext) {
  const capacity = `as ${context.role.toLowerCase()}${context.guarantee ? ', and personally as guarantor' : ''}`
  const application = theApplication(context.abn)
  const opening: Record<SignerMailKind, string> = {
    request: `You have been named in ${application}, and asked to sign it ${capacity}.`,
    reminder: `This is a reminder: you were asked to sign ${application} ${capacity}, and it is still waiting for your signature.`,
    changed: `${application.charAt(0).toUpperCase()}${application.slice(1)} was changed after you signed it, so your earlier signature no longer counts. Please read it again and sign ${capacity}.`,
  }
  return {
    to: context.to,
    subject: SUBJECTS[kind],
    text: [
      'Hello,',
      '',
      opening[kind],
      '',
      'Read the application and sign it on your own device:',
      '',
      context.link,
      '',
      `The link works until ${formatLongDate(context.expiresAt.toISOString())} (${SIGNING_LINK_DAYS} days). It is yours alone: anyone with it can sign in your name, so please do not forward it. If you do not want to sign, open the link and choose "Decline to sign". If you know nothing of this application, you can ignore this email.`,
      '',
      `Questions: call us on ${SITE.phone.display}.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** 'each of the 2 directors' or 'the director'. */
function signersInWords(role: string, count: number): string {
  const word = role.toLowerCase()
  return count === 1 ? `the ${word}` : `each of the ${count} ${word}s`
}

/**
 * To the person completing the application: the link to the status page, which gives the signed PDF once
 * everyone has signed (the receipt attaches it only for an address shown to be its owner's).
 */
export function statusMail(context: {
  to: string
  role: string
  signers: number
  abn: string
  link: string
  expiresAt: Date
}) {
  return {
    to: context.to,
    subject: `Signing requests sent for your application for credit with ${SITE.name}`,
    text: [
      'Hello,',
      '',
      `We have emailed a request to sign ${theApplication(context.abn)} to ${signersInWords(context.role, context.signers)} named in it.`,
      '',
      'Follow their progress, send a request again or change an address here:',
      '',
      context.link,
      '',
      `The application is submitted as soon as everyone has signed; the same page then offers the signed application as a PDF to download, for ${SIGNING_STATUS_DAYS} days after the submission. Until everyone has signed, the link works until ${formatLongDate(context.expiresAt.toISOString())}. Please do not share it.`,
      '',
      'If you did not send an application for credit, you can ignore this email.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** To the person completing the application: a signer declined (who, and why, the status page says). */
export function declinedMail(context: { to: string; role: string; abn: string }) {
  return {
    to: context.to,
    subject: `A signer declined to sign your application for credit with ${SITE.name}`,
    text: [
      'Hello,',
      '',
      `A ${context.role.toLowerCase()} asked to sign ${theApplication(context.abn)} has declined to sign it.`,
      '',
      'The status page shows who declined and any reason they gave; there you can ask them again or send the request to another address. Open it from the email we sent you when you sent the signing requests.',
      '',
      SITE.name,
    ].join('\n'),
  }
}
