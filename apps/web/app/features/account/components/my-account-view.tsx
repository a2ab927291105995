import { MY_ACCOUNT_MESSAGES, type MyAccount } from '@signalway/shared/my-account'
import { useState } from 'react'
import { Link } from 'react-router'
import { CreditStatusBadge } from '../../../components/ui/credit-status-badge.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import {
  creditMeta,
  customerAccountItem,
  enquiryItem,
  MY_ACCOUNT_RUNS_LINK,
  MY_ACCOUNT_SECTION_IDS,
  MY_ACCOUNT_WORDS,
} from '../my-account-lines.ts'

/**
 * The customer's account area: links to the profile and its security section, their quote requests
 * and messages with the status staff set, and their credit applications with status and the signed PDF. While
 * the account's address is unconfirmed, it says what confirming would add, and sends the link.
 * The enhancement script builds the same markup before the app (ADR 030, `enhance/my-account-markup.ts`; a test
 * compares them): no two texts side by side (one string each), so the server's markup has no separators in it.
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
  const { accounts: accountsId, enquiries: enquiriesId, credit: creditId } = MY_ACCOUNT_SECTION_IDS
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
        {account.driver ? (
          <Link className="button button--accent" to={paths.runs}>
            {MY_ACCOUNT_RUNS_LINK}
          </Link>
        ) : null}
      </nav>

      {account.emailConfirmed ? null : (
        <div className="my-account__confirm">
          <p>
            {MY_ACCOUNT_WORDS.confirmBefore}
            <strong>{account.email}</strong>
            {MY_ACCOUNT_WORDS.confirmAfter}
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
            {sent ? MY_ACCOUNT_WORDS.confirmSent : MY_ACCOUNT_WORDS.confirmButton}
          </button>
        </div>
      )}

      {account.customerAccounts.length === 0 ? null : (
        <section className="my-account__section" aria-labelledby={accountsId}>
          <h2 id={accountsId} className="my-account__title">
            {MY_ACCOUNT_WORDS.accountsTitle}
          </h2>
          <ul className="my-account__list">
            {account.customerAccounts.map((customerAccount) => {
              const item = customerAccountItem(customerAccount)
              return (
                <li key={customerAccount.id} className="my-account__item">
                  <div className="my-account__item-head">
                    <h3 className="my-account__item-title">
                      <Link to={paths.myCustomerAccount.account(customerAccount.id)}>{item.title}</Link>
                    </h3>
                    <span className={item.badge.className}>{item.badge.text}</span>
                  </div>
                  <p className="my-account__meta">{item.facts}</p>
                  {item.hold ? <p className="my-account__hold">{item.hold}</p> : null}
                </li>
              )
            })}
          </ul>
        </section>
      )}

      <section className="my-account__section" aria-labelledby={enquiriesId}>
        <h2 id={enquiriesId} className="my-account__title">
          {MY_ACCOUNT_WORDS.enquiriesTitle}
        </h2>
        {account.enquiries.length === 0 ? (
          <p className="my-account__empty">
            Nothing yet. <Link to={paths.getAQuote}>Request a quote</Link>
            {' or '}
            <Link to={paths.contactUs}>send us a message</Link> while signed in, and it shows here.
          </p>
        ) : (
          <ul className="my-account__list">
            {account.enquiries.map((enquiry) => {
              const item = enquiryItem(enquiry)
              return (
                <li key={enquiry.id} className="my-account__item">
                  <div className="my-account__item-head">
                    <h3 className="my-account__item-title">{item.title}</h3>
                    <span className={item.badge.className}>{item.badge.text}</span>
                  </div>
                  <p className="my-account__meta">
                    Sent <time dateTime={enquiry.createdAt}>{item.sent}</time>
                    {item.details ? item.details : null}
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
          {MY_ACCOUNT_WORDS.creditTitle}
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
                  {creditMeta(application).reference}
                  <time dateTime={application.submittedAt}>{creditMeta(application).submitted}</time>
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
                  {MY_ACCOUNT_WORDS.download}
                  <span className="visually-hidden">
                    {MY_ACCOUNT_WORDS.downloadOf(application.reference)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
