import { CUSTOMER_ACCOUNT_ROLE_LABELS } from '@signalway/shared/customer-account-words'
import type { MyCustomerAccount } from '@signalway/shared/customer-accounts'
import { useId } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

type QuoteDetails = Parameters<typeof paths.getAQuoteWith>[0]

/** The way that is always open: the quote form with what is known of the hire filled in. */
function QuoteLink({ details, primary }: { details: QuoteDetails; primary?: boolean }) {
  return (
    <Link
      to={paths.getAQuoteWith(details)}
      className={primary ? 'button button--primary' : 'button button--outline'}
    >
      Get a Quote
    </Link>
  )
}

function OfferPanel({
  title,
  pending,
  children,
}: {
  title: string
  /** Rendered before the sign-in is known (the server's render, hydration): hidden while a stored one is checked. */
  pending?: boolean
  children: React.ReactNode
}) {
  const headingId = useId()
  return (
    <section
      className="record-panel booking-offer"
      aria-labelledby={headingId}
      data-auth-pending={pending ? '' : undefined}
    >
      <h2 id={headingId} className="record-panel__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * A signed-out visitor (from a service or equipment page): sign in to book, coming back here with the same
 * choice, or ask for a quote with it; no customer account yet, apply for credit. Also what the server renders,
 * before the sign-in is known (`pending`): most who come here from a public page are not signed in, and the page
 * needs no app until they act (it hydrates on the first interaction; a stored sign-in starts the app at once).
 */
export function SignedOutOffer({
  returnTo,
  quote,
  pending,
}: {
  returnTo: string
  quote: QuoteDetails
  pending?: boolean
}) {
  return (
    <OfferPanel title="Book online with your customer account" pending={pending}>
      <p>
        Members of a customer account who order equipment (Orderers and Account admins) book online and see
        the price and availability as they choose. Sign in to book, or ask us for a quote.
      </p>
      <p className="booking-offer__actions">
        <Link to={paths.loginWithReturn(returnTo)} className="button button--primary">
          Sign in to book
        </Link>
        <QuoteLink details={quote} />
      </p>
      <p>
        No customer account yet? <Link to={paths.applicationForCredit.index}>Apply for credit</Link> to open
        one.
      </p>
    </OfferPanel>
  )
}

/**
 * A signed-in person who may not book: a member whose role does not order (Site supervisor, Accounts), or someone
 * in no customer account. The quote form is offered with the same choice.
 */
export function NoRoleOffer({
  accounts,
  quote,
}: {
  accounts: readonly MyCustomerAccount[]
  quote: QuoteDetails
}) {
  return (
    <OfferPanel title="Ask for a quote instead">
      {accounts.length === 0 ? (
        <>
          <p>
            Booking online is for members of a customer account. You are not a member of one: ask us for a
            quote, or apply for credit to open an account.
          </p>
          <p className="booking-offer__actions">
            <QuoteLink details={quote} primary />
            <Link to={paths.applicationForCredit.index} className="button button--outline">
              Apply for credit
            </Link>
          </p>
        </>
      ) : (
        <>
          <ul className="booking-offer__roles">
            {accounts.map((account) => (
              <li key={account.id}>
                {`Your role in ${account.tradingName || account.legalName} is ${CUSTOMER_ACCOUNT_ROLE_LABELS[account.role]}, which does not book equipment.`}
              </li>
            ))}
          </ul>
          <p>
            An Orderer or an Account admin of the account can book online; an Account admin can change your
            role. Or ask us for a quote with the same details.
          </p>
          <p className="booking-offer__actions">
            <QuoteLink details={quote} primary />
          </p>
        </>
      )}
    </OfferPanel>
  )
}
