// @vitest-environment happy-dom
import type { BookingPrice, BookingPriceRequest } from '@signalway/shared/bookings'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useBookingPrice } from './use-booking-price.ts'

const request = (quantity: number): BookingPriceRequest => ({
  lines: [{ typeId: 11, quantity }],
  startsAt: '2026-11-30T20:00:00.000Z',
  endsAt: '2026-12-08T06:00:00.000Z',
  delivery: true,
  siteId: 3,
})

const answer = (totalCents: number) => ({ totalCents }) as BookingPrice

describe('the live price', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('asks once the changes stop, and never lets an older answer replace a newer one', async () => {
    const signals: AbortSignal[] = []
    let resolveFirst: (price: BookingPrice) => void = () => {}
    const price = vi
      .fn()
      .mockImplementationOnce((_id: number, _body: BookingPriceRequest, signal: AbortSignal) => {
        signals.push(signal)
        return new Promise<BookingPrice>((resolve) => {
          resolveFirst = resolve
        })
      })
      .mockImplementationOnce(async (_id: number, _body: BookingPriceRequest, signal: AbortSignal) => {
        signals.push(signal)
        return answer(2000)
      })
    const { result, rerender } = renderHook(({ body }) => useBookingPrice(price, 7, body, 0, 400), {
      initialProps: { body: request(1) as BookingPriceRequest | null },
    })
    expect(result.current.state).toBe('loading')
    // Typing: each change within the pause asks nothing.
    rerender({ body: request(2) })
    rerender({ body: request(1) })
    await act(async () => vi.advanceTimersByTimeAsync(400))
    expect(price).toHaveBeenCalledTimes(1)
    rerender({ body: request(3) })
    expect(signals[0]?.aborted).toBe(true)
    await act(async () => vi.advanceTimersByTimeAsync(400))
    expect(price).toHaveBeenCalledTimes(2)
    expect(price).toHaveBeenLastCalledWith(7, request(3), expect.any(AbortSignal))
    expect(result.current).toEqual({ state: 'ready', price: answer(2000) })
    await act(async () => resolveFirst(answer(1000)))
    expect(result.current).toEqual({ state: 'ready', price: answer(2000) })
  })

  it('asks nothing until the request is complete', () => {
    const price = vi.fn()
    const { result } = renderHook(() => useBookingPrice(price, 7, null))
    vi.advanceTimersByTime(1000)
    expect(price).not.toHaveBeenCalled()
    expect(result.current).toEqual({ state: 'idle' })
  })
})
