import { businessDay, formatIsoDay, formatLongDate } from '@signalway/shared/business-time'

/**
 * A unit's next service as the lists show it: the date, and "Overdue" in words when it has passed (a unit whose
 * service is overdue cannot be booked), so the state never rests on a colour alone. Days are the business's
 * (Melbourne) calendar days, as the API's `serviceDueBefore` filter counts them.
 */
export function serviceDue(
  nextServiceDue: string | null,
  today: string = formatIsoDay(businessDay()),
): { text: string; overdue: boolean } {
  if (nextServiceDue === null) return { text: 'Not set', overdue: false }
  return { text: formatLongDate(nextServiceDue), overdue: nextServiceDue < today }
}
