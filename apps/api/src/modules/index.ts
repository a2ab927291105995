import type { FastifyPluginAsync } from 'fastify'
import { accountsRoutes } from './accounts/routes.ts'
import { addressRoutes } from './address/routes.ts'
import { authRoutes } from './auth/routes.ts'
import { backOfficeRoutes } from './back-office/routes.ts'
import { billingRoutes } from './billing/routes.ts'
import { bookingsAdminRoutes } from './bookings/admin-routes.ts'
import { bookingsApprovalRoutes } from './bookings/approval-routes.ts'
import { onHireRoutes } from './bookings/on-hire-routes.ts'
import { bookingsPortalRoutes } from './bookings/portal-routes.ts'
import { contentRoutes } from './content/routes.ts'
import { creditRoutes } from './credit/routes.ts'
import { customerAccountsRoutes } from './customer-accounts/routes.ts'
import { dashboardRoutes } from './dashboard/routes.ts'
import { enquiryRoutes } from './enquiries/routes.ts'
import { customerFaultRoutes } from './faults/customer-routes.ts'
import { faultRoutes } from './faults/routes.ts'
import { fieldRoutes } from './field/routes.ts'
import { fleetRoutes } from './fleet/routes.ts'
import { healthRoutes } from './health/routes.ts'
import { myAccountRoutes } from './my-account/routes.ts'
import { outboxAdminRoutes } from './outbox/admin-routes.ts'
import { receivablesRoutes } from './receivables/routes.ts'
import { usersRoutes } from './users/routes.ts'

/**
 * The API modules, each a self-contained route plugin registered under /api.
 * A new module adds its plugin here.
 */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  contentRoutes,
  authRoutes,
  accountsRoutes,
  enquiryRoutes,
  outboxAdminRoutes,
  creditRoutes,
  addressRoutes,
  usersRoutes,
  backOfficeRoutes,
  dashboardRoutes,
  myAccountRoutes,
  fleetRoutes,
  customerAccountsRoutes,
  bookingsAdminRoutes,
  bookingsPortalRoutes,
  bookingsApprovalRoutes,
  onHireRoutes,
  faultRoutes,
  customerFaultRoutes,
  fieldRoutes,
  billingRoutes,
  receivablesRoutes,
]
