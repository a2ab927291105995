import { type BookingDetail, STAFF_CHECK_WORDS } from '@signalway/shared/bookings'

/** What the booking form and the portal's booking pages say, beside the shared messages the server answers with. */
export const BOOKING_FORM_MESSAGES = {
  loadingAccounts: 'Loading your customer accounts…',
  accountsLoadFailed: 'Unable to load your customer accounts.',
  sitesLoadFailed: 'Unable to load the account’s sites.',
  chooseType: 'Choose the equipment.',
  priceIdle: 'Choose the equipment, the dates and the site to see the price and availability.',
  priceLoading: 'Checking the price and availability…',
  priceFailed: 'Unable to check the price and availability. The booking can still be sent.',
  notAvailable:
    'Some equipment is not available for these dates: change the dates or the quantity, or ask us.',
  sendFailed: 'Unable to send the booking.',
  forbidden: 'Your role in this account does not include booking equipment.',
  conflict:
    'The booking could not be made as it stands. Check the price and availability, then send it again.',
  listLoadFailed: 'Unable to load the bookings.',
  noBookings: 'No bookings yet.',
  bookingLoadFailed: 'Unable to load the booking.',
  approved: (reference: string) => `Booking ${reference} was approved.`,
  declined: (reference: string) => `Booking ${reference} was declined.`,
  decisionFailed: 'Unable to save your decision.',
  decisionConflict:
    'The booking changed since you opened it: it has been loaded again. Check it, then decide.',
  declineReasonRequired: 'Enter the reason for declining.',
  agreementFailed: 'Unable to download the hire agreement.',
} as const

export const DECLINE_REASON_MAX = 500

/** What happens next to a booking: said when it is sent and on its page. */
export function nextStepWords(booking: Pick<BookingDetail, 'status' | 'staffCheck'>): string {
  if (booking.status === 'awaiting_approval')
    return 'It is waiting for an Account admin’s approval, as it is over your approval limit.'
  if (booking.status === 'requested')
    return booking.staffCheck
      ? STAFF_CHECK_WORDS[booking.staffCheck]
      : 'Our team will check the booking and confirm it.'
  return ''
}

/** The notice after a booking is sent. */
export function bookingSentWords(
  booking: Pick<BookingDetail, 'reference' | 'status' | 'staffCheck'>,
): string {
  return `Booking ${booking.reference} was sent. ${nextStepWords(booking)}`.trim()
}
