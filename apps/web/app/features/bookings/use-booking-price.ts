import type { BookingPrice, BookingPriceRequest } from '@signalway/shared/bookings'
import { useEffect, useState } from 'react'
import { isApiError, serverMessage } from '../../lib/api-client.ts'
import type { BookingApi } from './api/bookings.ts'
import { BOOKING_FORM_MESSAGES } from './messages.ts'

export type PriceState =
  | { state: 'idle' }
  /** Asking; the last answer stays on screen meanwhile, so that nothing moves. */
  | { state: 'loading'; last: BookingPrice | null }
  | { state: 'ready'; price: BookingPrice }
  | { state: 'failed'; message: string; last: BookingPrice | null }

export const PRICE_DEBOUNCE_MS = 400

function lastOf(state: PriceState): BookingPrice | null {
  if (state.state === 'ready') return state.price
  return state.state === 'idle' ? null : state.last
}

/** A refused request's words: the first field message of a 400, or the server's Message, or the panel's own. */
function failureOf(error: unknown): string {
  if (!isApiError(error)) return BOOKING_FORM_MESSAGES.priceFailed
  const fieldMessage = Object.values(error.modelState ?? {})[0]?.[0]
  if (error.status === 400 && fieldMessage) return fieldMessage
  if (error.status === 403) return BOOKING_FORM_MESSAGES.forbidden
  return serverMessage(error) ?? BOOKING_FORM_MESSAGES.priceFailed
}

/**
 * The live price and availability of the booking as it is being filled in: asked `delayMs` after the last change
 * (the request's text is its identity), and a request made stale by a newer change is cancelled, so an older answer
 * never replaces a newer one. `refresh` asks again for the same request (after a refused booking).
 */
export function useBookingPrice(
  price: BookingApi['price'],
  accountId: number | null,
  request: BookingPriceRequest | null,
  refresh = 0,
  delayMs = PRICE_DEBOUNCE_MS,
): PriceState {
  const [result, setResult] = useState<PriceState>({ state: 'idle' })
  const key = accountId !== null && request ? JSON.stringify([accountId, request, refresh]) : ''

  useEffect(() => {
    if (key === '') {
      setResult({ state: 'idle' })
      return
    }
    const [id, body] = JSON.parse(key) as [number, BookingPriceRequest]
    const controller = new AbortController()
    setResult((previous) => ({ state: 'loading', last: lastOf(previous) }))
    const timer = setTimeout(() => {
      price(id, body, controller.signal).then(
        (answer) => {
          if (!controller.signal.aborted) setResult({ state: 'ready', price: answer })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          setResult((previous) => ({ state: 'failed', message: failureOf(error), last: lastOf(previous) }))
        },
      )
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key, price, delayMs])

  return result
}

/** The figures to show: the answer, or the last one while asking again (none after a failure). */
export function shownPrice(state: PriceState): BookingPrice | null {
  return state.state === 'failed' ? null : lastOf(state)
}
