import { SITE } from '@signalway/shared'
import { useEffect, useRef, useState } from 'react'
import { type CreditReceipt, downloadAgainUrl } from '../api/submit-credit-application.ts'

/**
 * After the reload that follows a submit: the application's reference, what happens next and who to
 * call, and a "Download the PDF again" link that works for a short time in this tab only.
 */
export function CreditConfirmation({
  receipt,
  onNewApplication,
  now = () => Date.now(),
}: {
  receipt: CreditReceipt
  onNewApplication: () => void
  now?: () => number
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const expiresAt = Date.parse(receipt.expiresAt)
  const [expired, setExpired] = useState(() => now() >= expiresAt)

  useEffect(() => {
    heading.current?.focus()
  }, [])

  useEffect(() => {
    if (expired) return
    const timer = setTimeout(() => setExpired(true), Math.max(0, expiresAt - now()))
    return () => clearTimeout(timer)
  }, [expired, expiresAt, now])

  return (
    <section className="credit-confirmation" aria-labelledby="credit-confirmation-title">
      <h2 id="credit-confirmation-title" ref={heading} tabIndex={-1}>
        Application received
      </h2>
      <p>
        Your reference is <strong className="credit-confirmation__reference">{receipt.reference}</strong>.
        Please quote it if you contact us.
      </p>
      <h3>What happens next</h3>
      <ul>
        <li>
          Our accounts team checks the application and the credit reports, usually within one business day.
        </li>
        <li>
          We email the person who completed it with the decision and, once approved, the account details.
        </li>
        <li>Until then you can still hire from us, paying before delivery.</li>
      </ul>
      <p>
        Questions? Call us 24/7 on <a href={SITE.phone.href}>{SITE.phone.display}</a> or email{' '}
        <a href={`mailto:${SITE.accountsEmail}`}>{SITE.accountsEmail}</a>.
      </p>
      <p className="credit-confirmation__actions">
        {expired ? (
          <span>The link to download the PDF again has expired. Call us and we will send you a copy.</span>
        ) : (
          <a
            className="button button--outline"
            href={downloadAgainUrl(receipt.token)}
            download="credit-application.pdf"
          >
            Download the PDF again
          </a>
        )}
        <button type="button" className="button button--primary" onClick={onNewApplication}>
          Start a new application
        </button>
      </p>
    </section>
  )
}
