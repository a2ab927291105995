import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import {
  type CustomerFault,
  type CustomerFaults,
  FAULT_MESSAGES,
  type FaultReported,
  type FaultStatus,
  type memberFaultReportSchema,
} from '@signalway/shared/faults'
import type { z } from 'zod'
import { NotFoundError } from '../../lib/errors.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { bookingMemberOf, visibleSitesOf } from '../bookings/access.ts'
import { findAccountOnHireLine, findReporter, listAccountFaults } from './repository.ts'
import { type FaultDeps, recordFault } from './service.ts'

/*
 * The faults of an account's units on hire, in My Account (ADR 049): every member sees them (a Site supervisor
 * only their sites') and reports one on a unit on hire (a Site supervisor only at their sites). 404 outside the
 * account, for a line not on hire or of another site. A public reporter's name, phone, location and photo are
 * never shown to the customer.
 */

type ListedRow = Awaited<ReturnType<typeof listAccountFaults>>[number]

/** A member reporter as the report named them, or (once erased, FAULT_PERSONAL_DATA_DAYS after) as their profile does. */
function reporterName(row: ListedRow): string {
  if (row.reporter_name !== '') return row.reporter_name
  return `${row.reporter_first_name ?? ''} ${row.reporter_last_name ?? ''}`.trim()
}

function toCustomerFault(row: ListedRow): CustomerFault {
  return {
    id: row.id,
    reference: row.reference,
    fleetNumber: row.fleet_number,
    typeName: row.type_name,
    siteName: row.site_name,
    symptoms: JSON.parse(row.symptoms) as string[],
    status: row.status as FaultStatus,
    reportedBy: row.reporter_user_id === null ? null : reporterName(row),
    reportedAt: row.reported_at,
    acknowledgedAt: row.acknowledged_at,
    onTheWayAt: row.on_the_way_at,
    resolvedAt: row.resolved_at,
    timeZone: row.time_zone,
  }
}

/** GET …/faults: the account's faults the member may see, newest first. */
export async function listCustomerFaults(
  { db }: Pick<FaultDeps, 'db'>,
  user: AuthUser,
  accountId: number,
): Promise<CustomerFaults> {
  const member = await bookingMemberOf(db, user, accountId)
  const rows = await listAccountFaults(db, accountId, visibleSitesOf(member))
  return { faults: rows.map(toCustomerFault) }
}

/** POST …/faults: the signed-in member reports a fault on a unit of a line on hire they may see. */
export async function reportMemberFault(
  deps: FaultDeps,
  user: AuthUser,
  accountId: number,
  input: z.output<typeof memberFaultReportSchema>,
  ip: string | null,
): Promise<FaultReported> {
  const member = await bookingMemberOf(deps.db, user, accountId)
  const line = await findAccountOnHireLine(deps.db, accountId, input.lineId)
  const sites = visibleSitesOf(member)
  if (!line || (sites !== undefined && !sites.includes(line.site_id))) {
    throw new NotFoundError(FAULT_MESSAGES.notOnHire)
  }
  const person = await findReporter(deps.db, Number(user.id))
  if (!person) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  const reporter = {
    name: `${person.first_name} ${person.last_name}`.trim(),
    phone: person.mobile,
    userId: Number(user.id),
  }
  const unit = { id: line.unit_id, service_slug: line.service_slug }
  return recordFault(deps, unit, input, reporter, ip, {
    id: line.id,
    account_id: accountId,
    site_id: line.site_id,
  })
}
