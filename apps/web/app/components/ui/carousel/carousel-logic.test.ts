import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  autoplayEnabled,
  autoplayReducer,
  type Breakpoint,
  EQUIPMENT_BREAKPOINTS,
  INITIAL_AUTOPLAY_STATE,
  isRotating,
  itemsPerView,
  lastStartIndex,
  nextIndex,
  PARTNER_BREAKPOINTS,
  previousIndex,
  visibleRange,
} from './carousel-logic.ts'

describe('items per view (requirements §9)', () => {
  it.each([
    [0, 1],
    [320, 1],
    [499, 1],
    [500, 2],
    [767, 2],
    [768, 3],
    [1199, 3],
    [1200, 5],
    [1920, 5],
  ])('partners at %i px show %i', (width, items) => {
    expect(itemsPerView(width, PARTNER_BREAKPOINTS)).toBe(items)
  })

  it.each([
    [375, 1],
    [500, 2],
    [768, 3],
    [1200, 4],
    [2560, 4],
  ])('equipment at %i px show %i', (width, items) => {
    expect(itemsPerView(width, EQUIPMENT_BREAKPOINTS)).toBe(items)
  })

  it('does not depend on the order of the breakpoints and never shows fewer than one', () => {
    const shuffled: Breakpoint[] = [
      { minWidth: 768, items: 3 },
      { minWidth: 0, items: 1 },
      { minWidth: 500, items: 2 },
    ]
    expect(itemsPerView(600, shuffled)).toBe(2)
    expect(itemsPerView(100, [{ minWidth: 0, items: 0 }])).toBe(1)
    expect(itemsPerView(100, [])).toBe(1)
  })

  it('matches the media queries of styles/carousel.css', () => {
    const css = readFileSync(join(import.meta.dirname, '../../../styles/carousel.css'), 'utf8')
    const fromCss = (variant: string) => {
      const rules = [
        ...css.matchAll(
          new RegExp(
            `@media \\(min-width: (\\d+)px\\) \\{\\s*\\.carousel--${variant} \\{\\s*--per-view: (\\d+);`,
            'g',
          ),
        ),
      ]
      return [
        { minWidth: 0, items: 1 },
        ...rules.map((m) => ({ minWidth: Number(m[1]), items: Number(m[2]) })),
      ]
    }
    expect(fromCss('partners')).toEqual(PARTNER_BREAKPOINTS)
    expect(fromCss('equipment')).toEqual(EQUIPMENT_BREAKPOINTS)
  })
})

describe('previous and next loop', () => {
  it('stops one slide before the last page and loops to the first', () => {
    // 10 items, 4 visible: first visible can be 0..6
    expect(lastStartIndex(10, 4)).toBe(6)
    expect(nextIndex(0, 10, 4)).toBe(1)
    expect(nextIndex(5, 10, 4)).toBe(6)
    expect(nextIndex(6, 10, 4)).toBe(0)
  })

  it('goes back from the first to the last page', () => {
    expect(previousIndex(0, 10, 4)).toBe(6)
    expect(previousIndex(3, 10, 4)).toBe(2)
    expect(previousIndex(0, 7, 5)).toBe(2)
  })

  it('clamps a scroll position beyond the range', () => {
    expect(nextIndex(9, 10, 4)).toBe(0)
    expect(previousIndex(-3, 10, 4)).toBe(6)
  })

  it('stays put when everything fits', () => {
    expect(nextIndex(0, 3, 4)).toBe(0)
    expect(previousIndex(0, 3, 4)).toBe(0)
    expect(lastStartIndex(0, 1)).toBe(0)
  })

  it('reports the visible range for the status text', () => {
    expect(visibleRange(0, 10, 4)).toEqual({ first: 1, last: 4 })
    expect(visibleRange(6, 10, 4)).toEqual({ first: 7, last: 10 })
    expect(visibleRange(2, 7, 1)).toEqual({ first: 3, last: 3 })
    expect(visibleRange(0, 0, 3)).toEqual({ first: 0, last: 0 })
  })
})

describe('autoplay and pausing', () => {
  const ready = autoplayReducer(INITIAL_AUTOPLAY_STATE, { type: 'ready' })

  it('does not rotate before the client is ready (server render)', () => {
    expect(isRotating(INITIAL_AUTOPLAY_STATE)).toBe(false)
    expect(isRotating(ready)).toBe(true)
  })

  it('pauses while hovered and resumes when the pointer leaves', () => {
    const hovered = autoplayReducer(ready, { type: 'hover', value: true })
    expect(isRotating(hovered)).toBe(false)
    expect(autoplayEnabled(hovered)).toBe(true)
    expect(isRotating(autoplayReducer(hovered, { type: 'hover', value: false }))).toBe(true)
  })

  it('pauses while focus is inside and resumes when it leaves', () => {
    const focused = autoplayReducer(ready, { type: 'focus', value: true })
    expect(isRotating(focused)).toBe(false)
    expect(isRotating(autoplayReducer(focused, { type: 'focus', value: false }))).toBe(true)
  })

  it('the pause control stops rotation until play is pressed, whatever hover and focus do', () => {
    const paused = autoplayReducer(ready, { type: 'toggle' })
    expect(autoplayEnabled(paused)).toBe(false)
    const left = autoplayReducer(autoplayReducer(paused, { type: 'hover', value: true }), {
      type: 'hover',
      value: false,
    })
    expect(isRotating(left)).toBe(false)
    const played = autoplayReducer(left, { type: 'toggle' })
    expect(autoplayEnabled(played)).toBe(true)
    expect(isRotating(played)).toBe(true)
  })

  it('reduced motion means no autoplay until the visitor presses play', () => {
    const reduced = autoplayReducer(ready, { type: 'reducedMotion', value: true })
    expect(isRotating(reduced)).toBe(false)
    expect(autoplayEnabled(reduced)).toBe(false)
    const optedIn = autoplayReducer(reduced, { type: 'toggle' })
    expect(isRotating(optedIn)).toBe(true)
  })

  it('does not rotate in a background tab or when every slide is visible', () => {
    expect(isRotating(autoplayReducer(ready, { type: 'hidden', value: true }))).toBe(false)
    expect(isRotating(autoplayReducer(ready, { type: 'fits', value: true }))).toBe(false)
  })

  it('returns the same state object when nothing changes (no re-render)', () => {
    expect(autoplayReducer(ready, { type: 'hover', value: false })).toBe(ready)
    expect(autoplayReducer(ready, { type: 'ready' })).toBe(ready)
  })
})
