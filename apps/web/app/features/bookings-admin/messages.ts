/** What the staff's booking screens say (the API's own messages are in shared bookings-admin). */
export const BOOKING_SCREEN_MESSAGES = {
  listLoadFailed: 'The bookings could not be loaded. Try again.',
  noBookings: 'No bookings match.',
  loadFailed: 'The booking could not be loaded. Try again.',
  collectionsLoadFailed: 'The collections could not be loaded. Try again.',
  noCollections: 'Nothing waits to be collected.',
  actionFailed: 'The change could not be saved. Try again.',
  confirmed: 'Booking confirmed. The orderer has been emailed.',
  declined: 'Booking declined. The orderer has been emailed.',
  swapped: 'Unit changed.',
  delivered: 'Units marked delivered. The orderer has been emailed.',
  collected: 'Units marked collected. The orderer has been emailed.',
  closed: 'Booking closed.',
  chooseUnits: 'Choose at least one unit.',
  chooseSwap: 'Choose the unit to change to.',
} as const
