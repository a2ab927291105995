import { formatDateTime } from '@signalway/shared/business-time'
import type { EnquiryStatus } from '@signalway/shared/constants'
import { hireDetailLines } from '@signalway/shared/hire-details'
import {
  ENQUIRY_KIND_WORDS,
  ENQUIRY_STATUS_WORDS,
  MY_ACCOUNT_MESSAGES,
  type MyAccount,
} from '@signalway/shared/my-account'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { CreditStatusBadge } from '../../../components/ui/credit-status-badge.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'

const ENQUIRY_BADGES: Record<EnquiryStatus, string> = {
  new: 'badge--new',
  in_progress: 'badge--in-progress',
  done: 'badge--done',
}

function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return <span className={`badge ${ENQUIRY_BADGES[status]}`}>{ENQUIRY_STATUS_WORDS[status]}</span>
}

/**
 * The customer's account area (issue 17): links to the profile and its security section, their quote requests
 * and messages with the status staff set, and their credit applications with status and the signed PDF. While
 * the account's address is unconfirmed, it says what confirming would add, and sends the link.
 */
export function MyAccountView({
  account,
  downloadPdf,
  confirmEmail,
}: {
  account: MyAccount
  downloadPdf: (reference: string) => Promise<void>
  confirmEmail: () => Promise<{ email: string }>
}) {
  const notify = useNotify()
  const enquiriesId = useId()
  const creditId = useId()
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)

  return (
    <div className="my-account">
      <nav className="my-account__links" aria-label="Your account">
        <Link className="button button--outline" to={paths.updateProfile}>
          Update your profile
        </Link>
        <Link className="button button--outline" to={paths.profileSecurity}>
          Sign-in and security
        </Link>
        <Link className="button button--primary" to={paths.getAQuote}>
          Request a quote
        </Link>
      </nav>

      {account.emailConfirmed ? null : (
        <div className="my-account__confirm">
          <p>
            Quote requests and credit applications you sent with <strong>{account.email}</strong> while signed
            out show here once you confirm that the address is yours.
          </p>
          <button
            type="button"
            className="button button--outline"
            disabled={sending || sent}
            aria-busy={sending || undefined}
            onClick={async () => {
              setSending(true)
              try {
                const { email } = await confirmEmail()
                setSent(true)
                notify.success(MY_ACCOUNT_MESSAGES.confirmSent(email))
              } catch (error) {
                notify.error(failureMessage(error, MY_ACCOUNT_MESSAGES.confirmFailed))
              } finally {
                setSending(false)
              }
            }}
          >
            {sent ? 'Confirmation email sent' : 'Email me a confirmation link'}
          </button>
        </div>
      )}

      <section className="my-account__section" aria-labelledby={enquiriesId}>
        <h2 id={enquiriesId} className="my-account__title">
          Quote Requests and Messages
        </h2>
        {account.enquiries.length === 0 ? (
          <p className="my-account__empty">
            Nothing yet. <Link to={paths.getAQuote}>Request a quote</Link> or{' '}
            <Link to={paths.contactUs}>send us a message</Link> while signed in, and it shows here.
          </p>
        ) : (
          <ul className="my-account__list">
            {account.enquiries.map((enquiry) => {
              const details = hireDetailLines(enquiry.hireDetails).filter((line) =>
                ['Start date', 'Hire length', 'Site'].includes(line.label),
              )
              return (
                <li key={enquiry.id} className="my-account__item">
                  <div className="my-account__item-head">
                    <h3 className="my-account__item-title">
                      {ENQUIRY_KIND_WORDS[enquiry.kind]}
                      {enquiry.services.length > 0 ? `: ${enquiry.services.join(', ')}` : ''}
                    </h3>
                    <EnquiryStatusBadge status={enquiry.status} />
                  </div>
                  <p className="my-account__meta">
                    Sent <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
                    {details.length > 0 ? ` · ${details.map((line) => line.value).join(' · ')}` : ''}
                  </p>
                  <p className="my-account__excerpt">{enquiry.excerpt}</p>
                </li>
              )
            })}
          </ul>
        )}
      </section>

      <section className="my-account__section" aria-labelledby={creditId}>
        <h2 id={creditId} className="my-account__title">
          Credit Applications
        </h2>
        {account.creditApplications.length === 0 ? (
          <p className="my-account__empty">
            None yet. <Link to={paths.applicationForCredit.index}>Apply for a credit account</Link> online.
          </p>
        ) : (
          <ul className="my-account__list">
            {account.creditApplications.map((application) => (
              <li key={application.reference} className="my-account__item">
                <div className="my-account__item-head">
                  <h3 className="my-account__item-title">{application.businessName}</h3>
                  <CreditStatusBadge status={application.status} />
                </div>
                <p className="my-account__meta">
                  Reference {application.reference} · submitted{' '}
                  <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
                </p>
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() =>
                    void downloadPdf(application.reference).catch((error: unknown) =>
                      notify.error(failureMessage(error, MY_ACCOUNT_MESSAGES.pdfFailed)),
                    )
                  }
                >
                  Download the PDF<span className="visually-hidden"> of {application.reference}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
