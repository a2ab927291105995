import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'
import { SERVICES } from '@signalway/shared'
import { routePatterns as p } from './lib/paths.ts'

/**
 * Every route of requirements §2. Paths come from `lib/paths.ts`; access is stated per route:
 * public routes sit directly under the root, guest-only pages under `guest-layout`,
 * private pages under `private-layout` (signed in) and `admin/layout` (member type 3).
 */
export default [
  index('routes/home.tsx'),
  route(p.about, 'routes/about.tsx'),
  route(p.news, 'routes/news.tsx'),
  route(p.newsItem, 'routes/news-item.tsx'),
  route(p.servicesIndex, 'routes/services/index.tsx'),
  // One static page per service, all rendered by the same module.
  ...SERVICES.map((service) =>
    route(p.serviceDetail(service.slug), 'routes/services/service.tsx', {
      id: `routes/services/${service.slug}`,
    }),
  ),
  route(p.equipmentType, 'routes/equipment-type.tsx'),
  route(p.equipmentUnit, 'routes/equipment-unit.tsx'),
  route(p.faqs, 'routes/faqs.tsx'),
  route(p.contactUs, 'routes/contact-us.tsx'),
  route(p.getAQuote, 'routes/get-a-quote.tsx'),
  route(p.logout, 'routes/auth/logout.tsx'),
  route(p.confirmEmail, 'routes/auth/confirm-email.tsx'),
  route(p.cancelEmailChange, 'routes/auth/cancel-email-change.tsx'),
  route(p.acceptInvitation, 'routes/auth/accept-invitation.tsx'),
  route(p.joinAccount, 'routes/customer-portal/join-account.tsx'),
  // Public: a visitor who cannot book is offered the quote form (ADR 048).
  route(p.book, 'routes/book.tsx'),
  layout('routes/auth/guest-layout.tsx', [
    route(p.register, 'routes/auth/register.tsx'),
    route(p.login, 'routes/auth/login.tsx'),
    route(p.forgotPassword, 'routes/auth/forgot-password.tsx'),
    route(p.resetPassword, 'routes/auth/reset-password.tsx'),
  ]),
  route(p.applicationForCredit, 'routes/credit/application-for-credit.tsx'),
  route(p.applicationForCreditTerms, 'routes/credit/terms-of-hire.tsx'),
  route(p.applicationForCreditResume, 'routes/credit/resume.tsx'),
  route(p.applicationForCreditSign, 'routes/credit/sign.tsx'),
  route(p.applicationForCreditStatus, 'routes/credit/signing-status.tsx'),
  route(p.termsAndConditions, 'routes/terms-and-conditions.tsx'),
  route(p.privacyPolicy, 'routes/privacy-policy.tsx'),
  route(p.playground, 'routes/playground.tsx'),
  layout('routes/private-layout.tsx', [
    route(p.updateProfile, 'routes/update-profile.tsx'),
    route(p.myAccount, 'routes/my-account.tsx'),
    route(p.myCustomerAccount, 'routes/customer-portal/account.tsx'),
    route(p.myCustomerAccountSites, 'routes/customer-portal/sites.tsx'),
    route(p.myCustomerAccountMembers, 'routes/customer-portal/members.tsx'),
    route(p.myCustomerAccountBookings, 'routes/customer-portal/bookings.tsx'),
    route(p.myCustomerAccountBooking, 'routes/customer-portal/booking.tsx'),
    route(p.setUpTwoStep, 'routes/set-up-two-step.tsx'),
    layout('routes/admin/layout.tsx', [
      route(p.adminIndex, 'routes/admin/index.tsx'),
      route(p.adminManageUsers, 'routes/admin/manage-users.tsx'),
      route(p.adminCreateUser, 'routes/admin/create-user.tsx'),
      route(p.adminUpdateUser, 'routes/admin/update-user.tsx'),
      route(p.adminEnquiries, 'routes/admin/enquiries.tsx'),
      route(p.adminCreditApplications, 'routes/admin/credit-applications.tsx'),
      route(p.adminCreditApplication, 'routes/admin/credit-application.tsx'),
      route(p.adminAccounts, 'routes/admin/accounts.tsx'),
      route(p.adminAccount, 'routes/admin/account.tsx'),
      route(p.adminUndeliveredMail, 'routes/admin/undelivered-mail.tsx'),
      route(p.adminNews, 'routes/admin/news.tsx'),
      route(p.adminNewsNew, 'routes/admin/news-item.tsx', { id: 'admin-news-new' }),
      route(p.adminNewsItem, 'routes/admin/news-item.tsx'),
      route(p.adminPages, 'routes/admin/pages.tsx'),
      route(p.adminPageNew, 'routes/admin/page.tsx', { id: 'admin-page-new' }),
      route(p.adminPage, 'routes/admin/page.tsx'),
      route(p.adminFaqs, 'routes/admin/faqs.tsx'),
      route(p.adminFaqNew, 'routes/admin/faq.tsx', { id: 'admin-faq-new' }),
      route(p.adminFaq, 'routes/admin/faq.tsx'),
      route(p.adminFleetUnits, 'routes/admin/fleet-units.tsx'),
      route(p.adminFleetUnitNew, 'routes/admin/fleet-unit-new.tsx'),
      route(p.adminFleetUnit, 'routes/admin/fleet-unit.tsx'),
      route(p.adminFleetTypes, 'routes/admin/fleet-types.tsx'),
      route(p.adminFleetTypeNew, 'routes/admin/fleet-type.tsx', { id: 'admin-fleet-type-new' }),
      route(p.adminFleetType, 'routes/admin/fleet-type.tsx'),
      route(p.adminFleetDepots, 'routes/admin/fleet-depots.tsx'),
      route(p.adminFleetDepot, 'routes/admin/fleet-depot.tsx'),
      route(p.adminFleetCalendar, 'routes/admin/fleet-calendar.tsx'),
    ]),
  ]),
  route(p.maintenance, 'routes/pages/maintenance.tsx'),
  route(p.error403, 'routes/pages/error-403.tsx'),
  route(p.error404, 'routes/pages/error-404.tsx'),
  route(p.error500, 'routes/pages/error-500.tsx'),
  // Resource routes for search engines.
  route(p.sitemap, 'routes/seo/sitemap.ts'),
  route(p.robots, 'routes/seo/robots.ts'),
  // Any other path: a generic content page looked up by name.
  route(p.contentPage, 'routes/content-page.tsx'),
] satisfies RouteConfig
