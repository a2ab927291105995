import { SERVICES } from '@signalway/shared'
import { useMatches } from 'react-router'

/**
 * Which pages show the phone-only call bar (call-bar.tsx), by route id (`app/routes.ts`), decided while
 * the page renders, on the server too, so that it never appears or goes after the page is shown (ADR 037).
 *
 * The reading pages show it. Forms, the pages of a sign-in or an emailed link, credit signing and the
 * account and admin areas do not: there the person is busy with fields, suggestion lists and
 * notifications, which a bar fixed to the bottom of a phone's screen could cover (WCAG 2.2 SC 2.4.11),
 * and the header keeps the phone number in reach. Every page route is listed
 * (call-bar-routes.test.ts), so a new route has to say which it is.
 */
export const CALL_BAR_BY_ROUTE: Readonly<Record<string, boolean>> = {
  // Reading pages.
  'routes/home': true,
  'routes/about': true,
  'routes/news': true,
  'routes/news-item': true,
  'routes/services/index': true,
  ...Object.fromEntries(SERVICES.map((service) => [`routes/services/${service.slug}`, true])),
  'routes/equipment-type': true,
  'routes/faqs': true,
  'routes/credit/terms-of-hire': true,
  'routes/terms-and-conditions': true,
  'routes/privacy-policy': true,
  'routes/content-page': true,
  'routes/pages/maintenance': true,
  'routes/pages/error-403': true,
  'routes/pages/error-404': true,
  'routes/pages/error-500': true,
  // A unit's page (its QR label's address) is itself a call to the 24/7 number: its own button, no bar below it.
  'routes/equipment-unit': false,
  // Forms.
  'routes/contact-us': false,
  'routes/get-a-quote': false,
  'routes/book': false,
  'routes/credit/application-for-credit': false,
  'routes/playground': false,
  // Signing in and the emailed links.
  'routes/auth/register': false,
  'routes/auth/login': false,
  'routes/auth/logout': false,
  'routes/auth/forgot-password': false,
  'routes/auth/reset-password': false,
  'routes/auth/confirm-email': false,
  'routes/auth/accept-invitation': false,
  'routes/auth/cancel-email-change': false,
  'routes/set-up-two-step': false,
  // Credit signing: a saved application, a signer's link, the status of the signatures.
  'routes/credit/resume': false,
  'routes/credit/sign': false,
  'routes/credit/signing-status': false,
  // The account area.
  'routes/update-profile': false,
  'routes/my-account': false,
  'routes/customer-portal/account': false,
  'routes/customer-portal/sites': false,
  'routes/customer-portal/members': false,
  'routes/customer-portal/activity': false,
  'routes/customer-portal/on-hire': false,
  'routes/customer-portal/bookings': false,
  'routes/customer-portal/booking': false,
  'routes/customer-portal/invoices': false,
  'routes/customer-portal/join-account': false,
  // The drivers' app (its own frame has no call bar: the docket's form and buttons fill the phone's screen).
  'routes/runs/run': false,
  'routes/runs/stop': false,
  // The admin area (its own frame has no call bar either: admin-shell.tsx).
  'routes/admin/index': false,
  'routes/admin/manage-users': false,
  'routes/admin/create-user': false,
  'routes/admin/update-user': false,
  'routes/admin/enquiries': false,
  'routes/admin/credit-applications': false,
  'routes/admin/credit-application': false,
  'routes/admin/accounts': false,
  'routes/admin/account': false,
  'routes/admin/account-billing': false,
  'routes/admin/invoices': false,
  'routes/admin/invoice': false,
  'routes/admin/bookings': false,
  'routes/admin/booking': false,
  'routes/admin/booking-collections': false,
  'routes/admin/faults': false,
  'routes/admin/fault': false,
  'routes/admin/dispatch': false,
  'routes/admin/run-sheet': false,
  'routes/admin/undelivered-mail': false,
  'routes/admin/news': false,
  'admin-news-new': false,
  'routes/admin/news-item': false,
  'routes/admin/pages': false,
  'admin-page-new': false,
  'routes/admin/page': false,
  'routes/admin/faqs': false,
  'admin-faq-new': false,
  'routes/admin/faq': false,
  'routes/admin/fleet-units': false,
  'routes/admin/fleet-unit-new': false,
  'routes/admin/fleet-unit': false,
  'routes/admin/fleet-types': false,
  'admin-fleet-type-new': false,
  'routes/admin/fleet-type': false,
  'routes/admin/fleet-depots': false,
  'routes/admin/fleet-depot': false,
  'routes/admin/fleet-calendar': false,
}

/** Whether the page of these route matches shows the call bar: its own route decides; an unlisted one does not. */
export function showsCallBar(matches: readonly { id: string }[]): boolean {
  const page = matches.at(-1)
  return page !== undefined && CALL_BAR_BY_ROUTE[page.id] === true
}

/** For the document and the page frame: whether this page shows the call bar. */
export function useShowsCallBar(): boolean {
  return showsCallBar(useMatches())
}
