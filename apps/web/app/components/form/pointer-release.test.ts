// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenPointerReleased } from './pointer-release.ts'

const press = (type: 'pointerdown' | 'pointerup' | 'pointercancel') =>
  document.dispatchEvent(new Event(type, { bubbles: true }))

describe('whenPointerReleased', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs at once when no pointer is pressed (a field left by keyboard)', () => {
    const task = vi.fn()
    whenPointerReleased(task)
    expect(task).toHaveBeenCalledOnce()
  })

  it('waits while a pointer is pressed, and runs after the release and its click', () => {
    vi.useFakeTimers()
    const order: string[] = []
    press('pointerdown')
    whenPointerReleased(() => order.push('blur'))
    expect(order).toEqual([])
    press('pointerup')
    order.push('click') // dispatched by the browser in the same task as pointerup
    vi.runAllTimers()
    expect(order).toEqual(['click', 'blur'])
  })

  it('runs after a cancelled press, and after a few seconds if no release ever comes', () => {
    vi.useFakeTimers()
    const cancelled = vi.fn()
    press('pointerdown')
    whenPointerReleased(cancelled)
    press('pointercancel')
    vi.runAllTimers()
    expect(cancelled).toHaveBeenCalledOnce()

    const lost = vi.fn()
    press('pointerdown')
    whenPointerReleased(lost)
    vi.advanceTimersByTime(2999)
    expect(lost).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(lost).toHaveBeenCalledOnce()
  })
})
