import { formatLongDate, parseIsoDay, startOfDayIn } from './business-time.ts'
import { properCaseSuburb } from './suburb.ts'

/*
 * A quote request's hire details as people read them, without zod: the account page's enhancement script
 * shows them before the app (ADR 030). `hire-details.ts` has the schema and re-exports these.
 */

export const HIRE_LENGTH_UNITS = [
  { value: 'days', label: 'Days' },
  { value: 'weeks', label: 'Weeks' },
] as const
export type HireLengthUnit = (typeof HIRE_LENGTH_UNITS)[number]['value']

export const WORK_SHIFTS = [
  { value: 'day', label: 'Day works' },
  { value: 'night', label: 'Night works' },
  { value: 'both', label: 'Day and night works' },
] as const
export type WorkShift = (typeof WORK_SHIFTS)[number]['value']

/** The hire details as stored (`HireDetails` of `hire-details.ts`). */
export interface HireDetailsView {
  company?: string | undefined
  startDate?: string | undefined
  hireLength?: { value: number; unit: HireLengthUnit } | undefined
  site?: { suburb: string; postcode: string } | undefined
  quantities?: Partial<Record<string, number>> | undefined
  shift?: WorkShift | undefined
}

const unitLabel = (value: number, unit: HireLengthUnit) =>
  `${value} ${unit === 'weeks' ? (value === 1 ? 'week' : 'weeks') : value === 1 ? 'day' : 'days'}`

/**
 * The hire details as labelled lines, in one order: the inbox, its detail view, the CSV export and the
 * business's email all say the same thing.
 */
export function hireDetailLines(
  details: HireDetailsView | null | undefined,
): { label: string; value: string }[] {
  if (!details) return []
  const lines: { label: string; value: string }[] = []
  if (details.company) lines.push({ label: 'Company', value: details.company })
  if (details.startDate) {
    const day = parseIsoDay(details.startDate)
    lines.push({ label: 'Start date', value: day ? formatLongDate(startOfDayIn(day)) : details.startDate })
  }
  if (details.hireLength) {
    lines.push({ label: 'Hire length', value: unitLabel(details.hireLength.value, details.hireLength.unit) })
  }
  if (details.site) {
    lines.push({
      label: 'Site',
      value: [properCaseSuburb(details.site.suburb), details.site.postcode].filter(Boolean).join(' '),
    })
  }
  const quantities = Object.entries(details.quantities ?? {})
  if (quantities.length > 0) {
    lines.push({
      label: 'Quantities',
      value: quantities.map(([service, count]) => `${service}: ${count}`).join('; '),
    })
  }
  if (details.shift) {
    lines.push({
      label: 'Works',
      value: WORK_SHIFTS.find((shift) => shift.value === details.shift)?.label ?? '',
    })
  }
  return lines
}
