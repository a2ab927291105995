import type { Page } from '@playwright/test'

/*
 * Every page of the product, for the accessibility sweep (tests/wcag22.spec.ts): each route of
 * apps/web/app/routes.ts with the visitor who sees it and the address of a real instance, and a few routes
 * more than once, in the states a visitor brings them to (the credit application's sections for each customer
 * type, a dialog open). test/every-page-checked.test.ts compares `route` with routes.ts: a new route without
 * a check here fails it. Only types are imported, so that the unit test can read this list.
 */

/** Who looks at the page; the sweep signs each in once and opens their pages in one tab. */
export type Visitor =
  | 'anonymous'
  /** A regular member with a quote request and a credit application of their own. */
  | 'member'
  /** A company member (type 2): the profile's company fields and address block. */
  | 'company'
  /** An administrator with a second factor. */
  | 'admin'
  /** An administrator who has not set up a second factor yet. */
  | 'newAdmin'
  /** A driver (ADR 050) with a delivery on their run of today. */
  | 'driver'

/** What the sweep makes through the API before it looks, for the routes with a parameter. */
export interface SweepData {
  newsSlug: string
  newsId: number
  pageName: string
  faqId: number
  /** An equipment type and a unit of the fleet (made by the sweep when the fleet is empty). */
  fleetTypeId: number
  fleetUnitId: number
  /** A customer account (ADR 045): the one approving the member's credit application opened. */
  customerAccountId: number
  /** A booking of that account, made through the booking API (the member's, for a site Laverton serves). */
  bookingId: number
  /** A stop of the driver's run: a delivery given to them on today's board. */
  stopId: number
  /** The member's user id, and the reference of their credit application. */
  memberId: string
  creditReference: string
  /** A password reset link's path (with its token). */
  resetPath: string
  /** An invitation link's path (with its token). */
  invitationPath: string
  /** A saved application's link token, a signer's link token and the status page's token. */
  resumeToken: string
  signToken: string
  statusToken: string
}

export interface PageCheck {
  /** The route's pattern as apps/web/app/routes.ts makes it, from the root: '/admin/update-user/:id'. */
  route: string
  visitor: Visitor
  url: (data: SweepData) => string
  /** The state looked at, when it is not the page as it opens. */
  state?: string
  /** Brings the page to that state (after its main heading shows). */
  act?: (page: Page) => Promise<void>
}

const SERVICE_SLUGS = [
  'arrow-boards',
  'vms-boards',
  'portable-traffic-lights',
  'travel-times',
  'variable-speed-limit-signs',
  'truck-mounted-attenuators',
  'highway-trucks',
  'traffic-utes',
  'vms-utes',
  'portaboom',
]

const at = (path: string) => () => path

/**
 * The customer types whose sections differ most: a Pty Ltd's directors and guarantee, a sole trader's one
 * person, a trust's deed (a public company and a partnership show a Pty Ltd's fields, less the guarantee).
 */
const CUSTOMER_TYPES = ['Pty Ltd Company', 'Sole Trader', 'Trust'] as const

/** The credit application with one customer type chosen and every section open, then submitted empty. */
function creditSteps(type: (typeof CUSTOMER_TYPES)[number]) {
  return async (page: Page) => {
    await page
      .getByRole('region', { name: /Customer Information/ })
      .getByRole('radio', { name: type })
      .check()
    for (const step of [2, 3, 4]) {
      const heading = page.getByRole('button', { name: new RegExp(`^Section ${step}:`) })
      if ((await heading.getAttribute('aria-expanded')) === 'false') await heading.click()
      await page.getByRole('button', { name: new RegExp(`^Section ${step}:`), expanded: true }).waitFor()
    }
    // The messages of a failed submit, in every section.
    await page.getByRole('button', { name: 'Submit application' }).click()
    await page.getByRole('alert').first().waitFor()
  }
}

export const EVERY_PAGE: readonly PageCheck[] = [
  // The public site.
  { route: '/', visitor: 'anonymous', url: at('/') },
  { route: '/about/', visitor: 'anonymous', url: at('/about/') },
  { route: '/news/', visitor: 'anonymous', url: at('/news/') },
  { route: '/news/:slug/', visitor: 'anonymous', url: (d) => `/news/${d.newsSlug}/` },
  { route: '/services/', visitor: 'anonymous', url: at('/services/') },
  ...SERVICE_SLUGS.map((slug) => ({
    route: `/services/${slug}/`,
    visitor: 'anonymous' as const,
    url: at(`/services/${slug}/`),
  })),
  {
    route: '/equipment-types/:slug/',
    visitor: 'anonymous',
    url: at('/equipment-types/vms-board-full-matrix/'),
  },
  {
    route: '/equipment-types/:slug/',
    visitor: 'anonymous',
    url: at('/equipment-types/truck-mounted-attenuator-8t/'),
    state: 'price on application',
  },
  { route: '/equipment/:fleetNumber/', visitor: 'anonymous', url: at('/equipment/VMS-0142/') },
  { route: '/faqs/', visitor: 'anonymous', url: at('/faqs/') },
  { route: '/contact-us/', visitor: 'anonymous', url: at('/contact-us/') },
  { route: '/get-a-quote/', visitor: 'anonymous', url: at('/get-a-quote/?service=vms-boards') },
  {
    route: '/get-a-quote/',
    visitor: 'anonymous',
    url: at('/get-a-quote/'),
    state: 'submitted empty',
    act: async (page) => {
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('alert').first().waitFor()
    },
  },
  { route: '/terms-and-conditions/', visitor: 'anonymous', url: at('/terms-and-conditions/') },
  { route: '/privacy-policy/', visitor: 'anonymous', url: at('/privacy-policy/') },
  { route: '/playground/*', visitor: 'anonymous', url: at('/playground/') },
  { route: '/pages/maintenance', visitor: 'anonymous', url: at('/pages/maintenance') },
  { route: '/pages/error-403', visitor: 'anonymous', url: at('/pages/error-403') },
  { route: '/pages/error-404', visitor: 'anonymous', url: at('/pages/error-404') },
  { route: '/pages/error-500', visitor: 'anonymous', url: at('/pages/error-500') },
  { route: '/*', visitor: 'anonymous', url: at('/no-such-page/') },
  // Signing in, and the emailed links.
  { route: '/register/', visitor: 'anonymous', url: at('/register/') },
  { route: '/login/', visitor: 'anonymous', url: at('/login/') },
  { route: '/forgot-password/', visitor: 'anonymous', url: at('/forgot-password/') },
  { route: '/reset-password/', visitor: 'anonymous', url: (d) => d.resetPath },
  {
    route: '/reset-password/',
    visitor: 'anonymous',
    url: at('/reset-password/?t=not-a-valid-token'),
    state: 'an invalid link',
  },
  { route: '/logout/', visitor: 'anonymous', url: at('/logout/') },
  { route: '/confirm-email/', visitor: 'anonymous', url: at('/confirm-email/') },
  { route: '/accept-invitation/', visitor: 'anonymous', url: (d) => d.invitationPath },
  { route: '/cancel-email-change/', visitor: 'anonymous', url: at('/cancel-email-change/') },
  // Without a token the page says the link is not valid and asks nothing: an unknown token's 400 would be a console
  // error the sweep does not allow (the refusals' words are checked in join-account.test.tsx).
  {
    route: '/join-account/',
    visitor: 'anonymous',
    url: at('/join-account/'),
    state: 'a link without its token',
  },
  { route: '/set-up-two-step-sign-in/', visitor: 'newAdmin', url: at('/set-up-two-step-sign-in/') },
  // The credit application: its steps for each customer type, its terms, and the pages of its links.
  { route: '/application-for-credit/', visitor: 'anonymous', url: at('/application-for-credit/') },
  ...CUSTOMER_TYPES.map((type) => ({
    route: '/application-for-credit/',
    visitor: 'anonymous' as const,
    url: at('/application-for-credit/'),
    state: `${type}, every section open, submitted empty`,
    act: creditSteps(type),
  })),
  {
    route: '/application-for-credit/terms-and-conditions/',
    visitor: 'anonymous',
    url: at('/application-for-credit/terms-and-conditions/'),
  },
  {
    route: '/application-for-credit/resume/:token?',
    visitor: 'anonymous',
    url: (d) => `/application-for-credit/resume/${d.resumeToken}`,
  },
  {
    route: '/application-for-credit/sign/:token?',
    visitor: 'anonymous',
    url: (d) => `/application-for-credit/sign/${d.signToken}`,
  },
  {
    route: '/application-for-credit/status/:token?',
    visitor: 'anonymous',
    url: (d) => `/application-for-credit/status/${d.statusToken}`,
  },
  // The account area.
  { route: '/my-account/', visitor: 'member', url: at('/my-account/') },
  // The customer portal of the account the member's approved application opened (they are its Account admin).
  {
    route: '/my-account/accounts/:id/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/`,
  },
  {
    route: '/my-account/accounts/:id/sites/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/sites/`,
  },
  {
    route: '/my-account/accounts/:id/sites/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/sites/`,
    state: 'the Add a Site form open',
    act: async (page) => {
      await page.getByRole('button', { name: 'Add a Site', exact: true }).click()
      await page.getByRole('textbox', { name: 'Site name' }).waitFor()
    },
  },
  {
    route: '/my-account/accounts/:id/members/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/members/`,
  },
  {
    route: '/my-account/accounts/:id/members/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/members/`,
    state: 'the invitation form open for a Site supervisor',
    act: async (page) => {
      await page.getByRole('button', { name: 'Invite someone', exact: true }).click()
      await page.getByRole('combobox', { name: 'Role' }).selectOption('site_supervisor')
    },
  },
  {
    route: '/my-account/accounts/:id/activity/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/activity/`,
  },
  {
    route: '/my-account/accounts/:id/on-hire/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/on-hire/`,
  },
  {
    route: '/my-account/accounts/:id/invoices/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/invoices/`,
  },
  {
    route: '/my-account/accounts/:id/bookings/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/bookings/`,
  },
  {
    route: '/my-account/accounts/:id/bookings/:bookingId/',
    visitor: 'member',
    url: (d) => `/my-account/accounts/${d.customerAccountId}/bookings/${d.bookingId}/`,
  },
  // Booking online: the member is the account's Account admin, so the form; a visitor is offered sign-in and a quote.
  {
    route: '/book/',
    visitor: 'member',
    url: at('/book/?service=arrow-boards'),
    state: 'the booking form',
  },
  {
    route: '/book/',
    visitor: 'member',
    url: at('/book/'),
    state: 'the booking form with a new site and a second line',
    act: async (page) => {
      await page.getByRole('combobox', { name: /^Job site/ }).selectOption('new')
      await page.getByRole('button', { name: 'Add equipment', exact: true }).click()
    },
  },
  { route: '/book/', visitor: 'anonymous', url: at('/book/?service=vms-boards'), state: 'signed out' },
  { route: '/runs/', visitor: 'driver', url: at('/runs/') },
  { route: '/runs/:stopId/', visitor: 'driver', url: (d) => `/runs/${d.stopId}/` },
  { route: '/update-profile/', visitor: 'member', url: at('/update-profile/') },
  { route: '/update-profile/', visitor: 'company', url: at('/update-profile/'), state: 'a company member' },
  // The admin area.
  { route: '/admin/', visitor: 'admin', url: at('/admin/') },
  { route: '/admin/manage-users/', visitor: 'admin', url: at('/admin/manage-users/') },
  {
    route: '/admin/manage-users/',
    visitor: 'admin',
    url: at('/admin/manage-users/'),
    state: 'the Delete User dialog',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click()
      await page.getByRole('dialog', { name: 'Delete User' }).waitFor()
    },
  },
  { route: '/admin/create-user/', visitor: 'admin', url: at('/admin/create-user/') },
  { route: '/admin/update-user/:id', visitor: 'admin', url: (d) => `/admin/update-user/${d.memberId}` },
  { route: '/admin/enquiries/', visitor: 'admin', url: at('/admin/enquiries/') },
  {
    route: '/admin/enquiries/',
    visitor: 'admin',
    url: at('/admin/enquiries/'),
    state: 'an enquiry open',
    act: async (page) => {
      await page
        .getByRole('table')
        .getByRole('button', { name: /^View / })
        .first()
        .click()
      await page.getByRole('dialog').waitFor()
    },
  },
  { route: '/admin/credit-applications/', visitor: 'admin', url: at('/admin/credit-applications/') },
  {
    route: '/admin/credit-applications/:reference',
    visitor: 'admin',
    url: (d) => `/admin/credit-applications/${d.creditReference}`,
  },
  { route: '/admin/accounts/', visitor: 'admin', url: at('/admin/accounts/') },
  { route: '/admin/accounts/:id/', visitor: 'admin', url: (d) => `/admin/accounts/${d.customerAccountId}/` },
  {
    route: '/admin/accounts/:id/billing/',
    visitor: 'admin',
    url: (d) => `/admin/accounts/${d.customerAccountId}/billing/`,
  },
  { route: '/admin/invoices/', visitor: 'admin', url: at('/admin/invoices/') },
  // A real invoice's page is checked by the billing journey (billing.spec.ts), which issues one.
  {
    route: '/admin/invoices/:id/',
    visitor: 'admin',
    url: at('/admin/invoices/0/'),
    state: 'no such invoice',
  },
  { route: '/admin/bookings/', visitor: 'admin', url: at('/admin/bookings/') },
  { route: '/admin/bookings/collections/', visitor: 'admin', url: at('/admin/bookings/collections/') },
  { route: '/admin/bookings/:id/', visitor: 'admin', url: (d) => `/admin/bookings/${d.bookingId}/` },
  { route: '/admin/faults/', visitor: 'admin', url: at('/admin/faults/') },
  { route: '/admin/faults/:id/', visitor: 'admin', url: at('/admin/faults/0/'), state: 'no such fault' },
  { route: '/admin/dispatch/', visitor: 'admin', url: at('/admin/dispatch/') },
  {
    route: '/admin/dispatch/run-sheet/',
    visitor: 'admin',
    url: at('/admin/dispatch/run-sheet/?depotId=1&date=2026-12-08&driver=0'),
    state: 'no such driver',
  },
  { route: '/admin/undelivered-mail/', visitor: 'admin', url: at('/admin/undelivered-mail/') },
  { route: '/admin/news/', visitor: 'admin', url: at('/admin/news/') },
  { route: '/admin/news/new', visitor: 'admin', url: at('/admin/news/new') },
  { route: '/admin/news/:id', visitor: 'admin', url: (d) => `/admin/news/${d.newsId}` },
  { route: '/admin/pages/', visitor: 'admin', url: at('/admin/pages/') },
  { route: '/admin/pages/new', visitor: 'admin', url: at('/admin/pages/new') },
  { route: '/admin/pages/edit/*', visitor: 'admin', url: (d) => `/admin/pages/edit/${d.pageName}` },
  { route: '/admin/faqs/', visitor: 'admin', url: at('/admin/faqs/') },
  { route: '/admin/faqs/new', visitor: 'admin', url: at('/admin/faqs/new') },
  { route: '/admin/faqs/:id', visitor: 'admin', url: (d) => `/admin/faqs/${d.faqId}` },
  { route: '/admin/fleet/', visitor: 'admin', url: at('/admin/fleet/') },
  { route: '/admin/fleet/units/new/', visitor: 'admin', url: at('/admin/fleet/units/new/') },
  { route: '/admin/fleet/units/:id/', visitor: 'admin', url: (d) => `/admin/fleet/units/${d.fleetUnitId}/` },
  { route: '/admin/fleet/types/', visitor: 'admin', url: at('/admin/fleet/types/') },
  { route: '/admin/fleet/types/new/', visitor: 'admin', url: at('/admin/fleet/types/new/') },
  { route: '/admin/fleet/types/:id/', visitor: 'admin', url: (d) => `/admin/fleet/types/${d.fleetTypeId}/` },
  { route: '/admin/fleet/depots/', visitor: 'admin', url: at('/admin/fleet/depots/') },
  { route: '/admin/fleet/depots/:id/', visitor: 'admin', url: at('/admin/fleet/depots/1/') },
  { route: '/admin/fleet/calendar/', visitor: 'admin', url: at('/admin/fleet/calendar/') },
]
