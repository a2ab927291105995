import type { MyCustomerAccount } from '@signalway/shared/customer-accounts'
import type { EquipmentType } from '@signalway/shared/fleet'
import { useCallback } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { BOOKING_API, type BookingApi } from '../api/bookings.ts'
import { bookingChoiceOf, canBook, chosenType, quoteLinkOf } from '../booking-form.ts'
import { BOOKING_FORM_MESSAGES } from '../messages.ts'
import { BookingForm } from './booking-form.tsx'
import { NoRoleOffer, SignedOutOffer } from './booking-offers.tsx'

/** Holds the page's place while the sign-in and the accounts are checked, so that nothing below it jumps. */
function Waiting({ text }: { text: string }) {
  return (
    <p className="booking-page__waiting" role="status">
      {text}
    </p>
  )
}

/**
 * /book/ (ADR 048): who is asking decides what it shows. Signed out: sign in to book, or the quote form. Signed in:
 * the person's customer accounts are read; with the role to book on one or more, the booking form (the account of
 * `?account=` first, else the first); otherwise the quote form is offered with the same choice. `?type=<slug>` or
 * `?service=<slug>` chooses the first line's equipment.
 */
export function BookingPage({
  types,
  api = BOOKING_API,
}: {
  types: readonly EquipmentType[]
  api?: BookingApi
}) {
  const { status } = useAuth()
  const location = useLocation()
  const [search] = useSearchParams()
  const choice = bookingChoiceOf(search)
  const type = chosenType(types, choice)
  const quote = quoteLinkOf(types, {
    typeId: type ? String(type.id) : '',
    quantity: '1',
    service: choice.service,
  })
  const load = useCallback(() => api.accounts(), [api])
  const { loaded, reload } = useLoaded(
    load,
    BOOKING_FORM_MESSAGES.accountsLoadFailed,
    0,
    status === 'signedIn',
  )

  // Before the sign-in is known (the server's render, hydration), the offer a visitor signed out gets: the page is
  // then complete without the app. A browser with a stored sign-in starts the app at once and hides it meanwhile.
  if (status !== 'signedIn')
    return (
      <SignedOutOffer
        returnTo={location.pathname + location.search}
        quote={quote}
        pending={status === 'loading'}
      />
    )
  if (loaded.state === 'loading') return <Waiting text={BOOKING_FORM_MESSAGES.loadingAccounts} />
  if (loaded.state === 'failed')
    return <LoadFailed message={BOOKING_FORM_MESSAGES.accountsLoadFailed} onRetry={reload} />
  const bookable: MyCustomerAccount[] = loaded.value.items.filter(canBook)
  const first = bookable.find((account) => account.id === choice.account) ?? bookable[0]
  if (!first) return <NoRoleOffer accounts={loaded.value.items} quote={quote} />
  return <BookingForm types={types} accounts={bookable} initialAccount={first} initialType={type} api={api} />
}
