import { SITE } from '@signalway/shared'
import { parseIsoDay } from '@signalway/shared/business-time'
import type { EnquiryKind } from '@signalway/shared/constants'
import { nextStepsText } from '@signalway/shared/enquiry-confirmation'
import { type MouseEvent, useEffect, useId, useRef } from 'react'
import type { SentEnquiry } from '../posted.ts'

/**
 * What stays on the page once an enquiry is sent (the requirements' notification fades; this does not): the short
 * reference to give on the phone, what was asked (the fixed choices, and the message as typed: this page is the
 * sender's own), what happens next and by when, and Send another, which brings back the form as it starts. Without
 * JavaScript, Send another is a link to the page (an empty form); with it, the form comes back in place.
 */
export function EnquiryConfirmation({
  kind,
  sent,
  spokenMessage,
  page,
  onSendAnother,
  focusOnShow,
}: {
  kind: EnquiryKind
  sent: SentEnquiry
  /** the requirements' success message, announced here when the page came from the server (no notification then). */
  spokenMessage: string | null
  /** The form's page: Send another without JavaScript. */
  page: string
  onSendAnother: () => void
  /** Focus the heading when shown by the app (after a submit), not on a page load. */
  focusOnShow: boolean
}) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const { submitted, message } = sent
  const replyBy = parseIsoDay(submitted.replyBy)

  useEffect(() => {
    if (focusOnShow) heading.current?.focus()
  }, [focusOnShow])

  const sendAnother = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    onSendAnother()
  }

  return (
    <section className="enquiry-confirmation" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="enquiry-form__title">
        {kind === 'quote' ? 'Your quote request has been sent' : 'Your message has been sent'}
      </h2>
      {spokenMessage ? (
        <p className="form-alert form-alert--success" role="status">
          {spokenMessage}
        </p>
      ) : null}
      <p className="enquiry-confirmation__reference">
        Your reference is <strong>{submitted.reference}</strong>. Please give it if you call us about your{' '}
        {kind === 'quote' ? 'quote request' : 'message'}; we have also emailed it to you.
      </p>
      <h3>{kind === 'quote' ? 'What you asked for' : 'What you sent'}</h3>
      <dl className="enquiry-confirmation__asked">
        {submitted.asked.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
        {message ? (
          <div>
            <dt>Message</dt>
            <dd className="enquiry-confirmation__message">{message}</dd>
          </div>
        ) : null}
      </dl>
      <h3>What happens next</h3>
      {replyBy ? <p>{nextStepsText(kind, replyBy)}</p> : null}
      <p>
        If it is urgent, call us on <a href={SITE.phone.href}>{SITE.phone.display}</a>: we are available 24
        hours a day, 7 days a week.
      </p>
      <p>
        <a className="button button--outline" href={page} onClick={sendAnother}>
          Send another
        </a>
      </p>
    </section>
  )
}
