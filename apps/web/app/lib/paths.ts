/**
 * Every route path of the web app and every href builder, in one place (requirements §2).
 * Components and route config import from here; no path string literals elsewhere.
 *
 * Public paths keep the trailing slash the requirements use ('/about/'); React Router
 * matches both '/about' and '/about/'. The `/pages/*` screens have no trailing slash.
 */

export const RETURN_URL_PARAM = 'return-url'

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value)
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

export const paths = {
  home: '/',
  about: '/about/',
  news: '/news/',
  /** One news item's own page (its URL in the sitemap). */
  newsItem: (slug: string) => `/news/${encodeURIComponent(slug)}/`,
  services: {
    index: '/services/',
    detail: (slug: string) => `/services/${encodeURIComponent(slug)}/`,
  },
  /** An equipment type's own page (its URL in the sitemap). */
  equipmentType: (slug: string) => `/equipment-types/${encodeURIComponent(slug)}/`,
  /** A unit's public page: what the QR code of its label opens. */
  equipmentUnit: (fleetNumber: string) => `/equipment/${encodeURIComponent(fleetNumber)}/`,
  faqs: '/faqs/',
  contactUs: '/contact-us/',
  getAQuote: '/get-a-quote/',
  /** The quote form with a service ticked: the service pages' call to action. */
  getAQuoteFor: (slug: string) => `/get-a-quote/?service=${encodeURIComponent(slug)}`,
  /**
   * The quote form with a hire's details filled in: the service ticked and, when known, its quantity, start day
   * ('YYYY-MM-DD') and length in days (the booking form's offer to those who cannot book online).
   */
  getAQuoteWith: (details: { service?: string; quantity?: number; start?: string; days?: number }) =>
    withQuery('/get-a-quote/', {
      service: details.service,
      quantity: details.quantity?.toString(),
      start: details.start,
      days: details.days?.toString(),
    }),
  /** Hiring online (ADR 048): the booking form, with an equipment type (its slug) or a service chosen. */
  book: '/book/',
  bookWith: (choice: { type?: string; service?: string; account?: number }) =>
    withQuery('/book/', { type: choice.type, service: choice.service, account: choice.account?.toString() }),
  register: '/register/',
  login: '/login/',
  /** Register with the location to come back to once signed in (the join page's link, ADR 040). */
  registerWithReturn: (returnUrl?: string) => withQuery('/register/', { [RETURN_URL_PARAM]: returnUrl }),
  /** Login with the location to come back to after signing in. */
  loginWithReturn: (returnUrl?: string) => withQuery('/login/', { [RETURN_URL_PARAM]: returnUrl }),
  logout: '/logout/',
  forgotPassword: '/forgot-password/',
  resetPassword: '/reset-password/',
  /** The emailed links of an email change: confirm (to the new address), cancel (to the old). */
  confirmEmail: '/confirm-email/',
  cancelEmailChange: '/cancel-email-change/',
  /** The emailed link of a staff member's invitation to set one's own password (ADR 035). */
  acceptInvitation: '/accept-invitation/',
  updateProfile: '/update-profile/',
  /** The profile's security section (its id is SECURITY_SECTION_ID). */
  profileSecurity: '/update-profile/#security',
  /** The customer's account area: the header's profile link leads here. */
  myAccount: '/my-account/',
  /** A customer account's portal under My Account (requirements §18): its Account page and its job sites. */
  myCustomerAccount: {
    account: (id: number | string) => `/my-account/accounts/${encodeURIComponent(String(id))}/`,
    sites: (id: number | string) => `/my-account/accounts/${encodeURIComponent(String(id))}/sites/`,
    members: (id: number | string) => `/my-account/accounts/${encodeURIComponent(String(id))}/members/`,
    activity: (id: number | string) => `/my-account/accounts/${encodeURIComponent(String(id))}/activity/`,
    onHire: (id: number | string) => `/my-account/accounts/${encodeURIComponent(String(id))}/on-hire/`,
    bookings: (id: number | string) => `/my-account/accounts/${encodeURIComponent(String(id))}/bookings/`,
    booking: (id: number | string, bookingId: number | string) =>
      `/my-account/accounts/${encodeURIComponent(String(id))}/bookings/${encodeURIComponent(String(bookingId))}/`,
    /** Its invoices, adjustment notes and statements (Account admins and Accounts, ADR 051). */
    invoices: (id: number | string) => `/my-account/accounts/${encodeURIComponent(String(id))}/invoices/`,
  },
  /** The drivers' app (ADR 050): the day's run, one stop's docket, and the installable app's manifest. */
  runs: '/runs/',
  runStop: (stopId: number | string) => `/runs/${encodeURIComponent(String(stopId))}/`,
  runsManifest: '/runs/manifest.webmanifest',
  /** The emailed link to join a customer account (ADR 045): `/join-account/?t=<token>`. */
  joinAccount: '/join-account/',
  /** Where an administrator without a second factor is taken after the password step. */
  setUpTwoStep: '/set-up-two-step-sign-in/',
  setUpTwoStepWithReturn: (returnUrl?: string) =>
    withQuery('/set-up-two-step-sign-in/', { [RETURN_URL_PARAM]: returnUrl }),
  applicationForCredit: {
    index: '/application-for-credit/',
    terms: '/application-for-credit/terms-and-conditions/',
    /** The emailed link to a saved application. */
    resume: (token: string) => `/application-for-credit/resume/${encodeURIComponent(token)}`,
    /** A signer's emailed link, and the status page of the person completing (remote signing). */
    sign: (token: string) => `/application-for-credit/sign/${encodeURIComponent(token)}`,
    status: (token: string) => `/application-for-credit/status/${encodeURIComponent(token)}`,
  },
  termsAndConditions: '/terms-and-conditions/',
  privacyPolicy: '/privacy-policy/',
  playground: (path = '') => `/playground/${path.replace(/^\/+/, '')}`,
  admin: {
    index: '/admin/',
    manageUsers: '/admin/manage-users/',
    createUser: '/admin/create-user/',
    updateUser: (id: string | number) => `/admin/update-user/${encodeURIComponent(String(id))}`,
    enquiries: '/admin/enquiries/',
    creditApplications: '/admin/credit-applications/',
    creditApplication: (reference: string) => `/admin/credit-applications/${encodeURIComponent(reference)}`,
    /** Company customer accounts (ADR 045). */
    accounts: '/admin/accounts/',
    account: (id: number | string) => `/admin/accounts/${encodeURIComponent(String(id))}/`,
    /** An account's ledger, payments and statements (ADR 051). */
    accountBilling: (id: number | string) => `/admin/accounts/${encodeURIComponent(String(id))}/billing/`,
    /** Billing (ADR 051): every invoice, one invoice, and the list filtered to one account. */
    invoices: '/admin/invoices/',
    invoice: (id: number | string) => `/admin/invoices/${encodeURIComponent(String(id))}/`,
    invoicesOf: (accountId: number) => `/admin/invoices/?accountId=${encodeURIComponent(String(accountId))}`,
    /** Hiring online (ADR 048): the staff's bookings inbox, one booking, and the collections to schedule. */
    bookings: '/admin/bookings/',
    booking: (id: number | string) => `/admin/bookings/${encodeURIComponent(String(id))}/`,
    bookingCollections: '/admin/bookings/collections/',
    /** Fault reports (ADR 049): the on-call queue and one fault. */
    faults: '/admin/faults/',
    fault: (id: number | string) => `/admin/faults/${encodeURIComponent(String(id))}/`,
    /** Runs and dockets (ADR 050): a depot's day of stops for the drivers, and one driver's printable run sheet. */
    dispatch: '/admin/dispatch/',
    dispatchDay: (depotId: number, date: string) =>
      `/admin/dispatch/?${new URLSearchParams({ depotId: String(depotId), date }).toString()}`,
    runSheet: (depotId: number, date: string, driver: number) =>
      `/admin/dispatch/run-sheet/?${new URLSearchParams({ depotId: String(depotId), date, driver: String(driver) }).toString()}`,
    undeliveredMail: '/admin/undelivered-mail/',
    news: '/admin/news/',
    newsNew: '/admin/news/new',
    newsItem: (id: number | string) => `/admin/news/${encodeURIComponent(String(id))}`,
    pages: '/admin/pages/',
    pageNew: '/admin/pages/new',
    /** A page's editor; a nested name keeps its slashes. */
    page: (name: string) => `/admin/pages/edit/${name.split('/').map(encodeURIComponent).join('/')}`,
    faqs: '/admin/faqs/',
    faqNew: '/admin/faqs/new',
    faq: (id: number | string) => `/admin/faqs/${encodeURIComponent(String(id))}`,
    /** The fleet (ADR 042): the units list is the section's first page. */
    fleet: {
      units: '/admin/fleet/',
      unitNew: '/admin/fleet/units/new/',
      unit: (id: number | string) => `/admin/fleet/units/${encodeURIComponent(String(id))}/`,
      types: '/admin/fleet/types/',
      typeNew: '/admin/fleet/types/new/',
      type: (id: number | string) => `/admin/fleet/types/${encodeURIComponent(String(id))}/`,
      depots: '/admin/fleet/depots/',
      depot: (id: number | string) => `/admin/fleet/depots/${encodeURIComponent(String(id))}/`,
      /** The depot month calendar; its depot (code) and month ('YYYY-MM') in the query string. */
      calendar: '/admin/fleet/calendar/',
    },
  },
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  pages: {
    maintenance: '/pages/maintenance',
    error403: '/pages/error-403',
    error404: '/pages/error-404',
    error500: '/pages/error-500',
  },
} as const

/**
 * Route patterns for `app/routes.ts`, relative to the root route (no leading slash).
 * Built from `paths` so a path only ever changes here.
 */
function pattern(path: string): string {
  return path.replace(/^\/+/, '')
}

export const routePatterns = {
  about: pattern(paths.about),
  news: pattern(paths.news),
  newsItem: 'news/:slug/',
  servicesIndex: pattern(paths.services.index),
  serviceDetail: (slug: string) => pattern(paths.services.detail(slug)),
  equipmentType: 'equipment-types/:slug/',
  equipmentUnit: 'equipment/:fleetNumber/',
  faqs: pattern(paths.faqs),
  contactUs: pattern(paths.contactUs),
  getAQuote: pattern(paths.getAQuote),
  register: pattern(paths.register),
  login: pattern(paths.login),
  logout: pattern(paths.logout),
  forgotPassword: pattern(paths.forgotPassword),
  resetPassword: pattern(paths.resetPassword),
  confirmEmail: pattern(paths.confirmEmail),
  cancelEmailChange: pattern(paths.cancelEmailChange),
  acceptInvitation: pattern(paths.acceptInvitation),
  updateProfile: pattern(paths.updateProfile),
  myAccount: pattern(paths.myAccount),
  myCustomerAccount: 'my-account/accounts/:id/',
  myCustomerAccountSites: 'my-account/accounts/:id/sites/',
  myCustomerAccountMembers: 'my-account/accounts/:id/members/',
  myCustomerAccountActivity: 'my-account/accounts/:id/activity/',
  myCustomerAccountOnHire: 'my-account/accounts/:id/on-hire/',
  myCustomerAccountBookings: 'my-account/accounts/:id/bookings/',
  myCustomerAccountBooking: 'my-account/accounts/:id/bookings/:bookingId/',
  myCustomerAccountInvoices: 'my-account/accounts/:id/invoices/',
  book: pattern(paths.book),
  runs: pattern(paths.runs),
  runStop: 'runs/:stopId/',
  joinAccount: pattern(paths.joinAccount),
  setUpTwoStep: pattern(paths.setUpTwoStep),
  applicationForCredit: pattern(paths.applicationForCredit.index),
  applicationForCreditTerms: pattern(paths.applicationForCredit.terms),
  applicationForCreditResume: 'application-for-credit/resume/:token?',
  applicationForCreditSign: 'application-for-credit/sign/:token?',
  applicationForCreditStatus: 'application-for-credit/status/:token?',
  termsAndConditions: pattern(paths.termsAndConditions),
  privacyPolicy: pattern(paths.privacyPolicy),
  playground: `${pattern(paths.playground())}*`,
  adminIndex: pattern(paths.admin.index),
  adminManageUsers: pattern(paths.admin.manageUsers),
  adminCreateUser: pattern(paths.admin.createUser),
  adminUpdateUser: 'admin/update-user/:id',
  adminEnquiries: pattern(paths.admin.enquiries),
  adminCreditApplications: pattern(paths.admin.creditApplications),
  adminCreditApplication: 'admin/credit-applications/:reference',
  adminAccounts: pattern(paths.admin.accounts),
  adminAccount: 'admin/accounts/:id/',
  adminAccountBilling: 'admin/accounts/:id/billing/',
  adminInvoices: pattern(paths.admin.invoices),
  adminInvoice: 'admin/invoices/:id/',
  adminBookings: pattern(paths.admin.bookings),
  adminBooking: 'admin/bookings/:id/',
  adminBookingCollections: pattern(paths.admin.bookingCollections),
  adminFaults: pattern(paths.admin.faults),
  adminFault: 'admin/faults/:id/',
  adminDispatch: pattern(paths.admin.dispatch),
  adminRunSheet: 'admin/dispatch/run-sheet/',
  adminUndeliveredMail: pattern(paths.admin.undeliveredMail),
  adminNews: pattern(paths.admin.news),
  adminNewsNew: 'admin/news/new',
  adminNewsItem: 'admin/news/:id',
  adminPages: pattern(paths.admin.pages),
  adminPageNew: 'admin/pages/new',
  adminPage: 'admin/pages/edit/*',
  adminFaqs: pattern(paths.admin.faqs),
  adminFaqNew: 'admin/faqs/new',
  adminFaq: 'admin/faqs/:id',
  adminFleetUnits: pattern(paths.admin.fleet.units),
  adminFleetUnitNew: pattern(paths.admin.fleet.unitNew),
  adminFleetUnit: 'admin/fleet/units/:id/',
  adminFleetTypes: pattern(paths.admin.fleet.types),
  adminFleetTypeNew: pattern(paths.admin.fleet.typeNew),
  adminFleetType: 'admin/fleet/types/:id/',
  adminFleetDepots: pattern(paths.admin.fleet.depots),
  adminFleetDepot: 'admin/fleet/depots/:id/',
  adminFleetCalendar: pattern(paths.admin.fleet.calendar),
  maintenance: pattern(paths.pages.maintenance),
  error403: pattern(paths.pages.error403),
  error404: pattern(paths.pages.error404),
  error500: pattern(paths.pages.error500),
  sitemap: pattern(paths.sitemap),
  robots: pattern(paths.robots),
  contentPage: '*',
} as const

/**
 * Only same-site relative paths are accepted as a return location, so a crafted
 * `?return-url=https://evil.example` cannot send a signed-in user off-site.
 */
export function safeReturnUrl(value: string | null | undefined, fallback: string = paths.home): string {
  if (!value) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  return value
}
