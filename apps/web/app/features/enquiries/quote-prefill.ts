import { findService, type QuoteInput } from '@signalway/shared'
import { parseIsoDay } from '@signalway/shared/business-time'
import { HIRE_LIMITS } from '@signalway/shared/hire-details'

/**
 * What the quote form's address fills in: `?service=<slug>` ticks the service (a service page's link), and the
 * booking form's offer to those who cannot book online adds the hire's details it knows: `quantity` (of that
 * service), `start` ('YYYY-MM-DD') and `days`. Anything that is not a valid value is left out.
 */
export function quotePrefillOf(search: URLSearchParams): {
  services: string[]
  details: Partial<QuoteInput>
} {
  const service = findService(search.get('service') ?? '')?.quoteService
  if (!service) return { services: [], details: {} }
  const whole = (name: string, max: number) => {
    const value = search.get(name) ?? ''
    return /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= max ? value : undefined
  }
  const quantity = whole('quantity', HIRE_LIMITS.quantityMax)
  const days = whole('days', HIRE_LIMITS.lengthMax)
  const start = search.get('start') ?? ''
  return {
    services: [service],
    details: {
      ...(parseIsoDay(start) ? { startDate: start } : {}),
      ...(days ? { hireLength: days, hireLengthUnit: 'days' } : {}),
      ...(quantity ? { quantities: { [service]: quantity } } : {}),
    } as Partial<QuoteInput>,
  }
}
