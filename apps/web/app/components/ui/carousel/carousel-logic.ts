import {
  EQUIPMENT_CAROUSEL_BREAKPOINTS,
  LIMITS,
  PARTNER_CAROUSEL_BREAKPOINTS,
} from '@signalway/shared/constants'

/**
 * The pure part of the carousel: how many items show at a viewport width, where the previous
 * and next buttons go (looping), and when autoplay runs. No DOM here, so it is unit-tested.
 */

/** From `minWidth` (viewport px) upwards, `items` slides are visible at once. */
export interface Breakpoint {
  minWidth: number
  items: number
}

/**
 * Requirements §9: the partners carousel shows 1, 2, 3 or 5 items at widths 0, 500, 768 and 1200;
 * the equipment carousel 1, 2, 3 or 4. `styles/carousel.css` mirrors these in its media queries
 * (a unit test keeps the two in step).
 */
export const PARTNER_BREAKPOINTS: readonly Breakpoint[] = toBreakpoints(PARTNER_CAROUSEL_BREAKPOINTS)

export const EQUIPMENT_BREAKPOINTS: readonly Breakpoint[] = toBreakpoints(EQUIPMENT_CAROUSEL_BREAKPOINTS)

function toBreakpoints(pairs: ReadonlyArray<readonly [number, number]>): readonly Breakpoint[] {
  return pairs.map(([minWidth, items]) => ({ minWidth, items }))
}

export type CarouselVariant = 'equipment' | 'partners'

/** The breakpoints of each variant (its `carousel--{variant}` class), for pages that are not hydrated. */
export const VARIANT_BREAKPOINTS: Readonly<Record<CarouselVariant, readonly Breakpoint[]>> = {
  equipment: EQUIPMENT_BREAKPOINTS,
  partners: PARTNER_BREAKPOINTS,
}

/** Requirements §9: carousels advance every 5000 ms. */
export const AUTOPLAY_INTERVAL_MS = LIMITS.carouselIntervalMs

/** Items visible at a viewport width: the largest breakpoint whose minWidth is reached (at least 1). */
export function itemsPerView(width: number, breakpoints: readonly Breakpoint[]): number {
  let items = 1
  let reached = Number.NEGATIVE_INFINITY
  for (const breakpoint of breakpoints) {
    if (width >= breakpoint.minWidth && breakpoint.minWidth >= reached) {
      reached = breakpoint.minWidth
      items = breakpoint.items
    }
  }
  return Math.max(1, Math.floor(items))
}

/** The last index that can be the first visible slide (0 when everything fits). */
export function lastStartIndex(count: number, perView: number): number {
  return Math.max(0, count - Math.max(1, perView))
}

/** Clamps a first-visible index into the range the track can scroll to. */
export function clampIndex(index: number, count: number, perView: number): number {
  return Math.min(Math.max(0, Math.round(index)), lastStartIndex(count, perView))
}

/** One slide on; past the end it loops back to the first. */
export function nextIndex(index: number, count: number, perView: number): number {
  const last = lastStartIndex(count, perView)
  const current = clampIndex(index, count, perView)
  return current >= last ? 0 : current + 1
}

/** One slide back; before the first it loops to the end. */
export function previousIndex(index: number, count: number, perView: number): number {
  const last = lastStartIndex(count, perView)
  const current = clampIndex(index, count, perView)
  return current <= 0 ? last : current - 1
}

/** The 1-based range of visible slides, for the status text: 'Items 3 to 5 of 10'. */
export function visibleRange(index: number, count: number, perView: number): { first: number; last: number } {
  if (count === 0) return { first: 0, last: 0 }
  const first = clampIndex(index, count, perView) + 1
  return { first, last: Math.min(count, first + Math.max(1, perView) - 1) }
}

/** Everything that can hold the autoplay back. */
export interface AutoplayState {
  /** The visitor pressed the pause control (or has not pressed play after a reduced-motion start). */
  userPaused: boolean
  /** A mouse pointer is over the carousel. */
  hovered: boolean
  /** Keyboard focus is inside the carousel. */
  focused: boolean
  /** `prefers-reduced-motion: reduce`: no autoplay unless the visitor starts it. */
  reducedMotion: boolean
  /** The page is in a background tab. */
  hidden: boolean
  /** The client has taken over (before hydration nothing moves). */
  ready: boolean
  /** Nothing to rotate: every slide is already visible. */
  fits: boolean
}

export const INITIAL_AUTOPLAY_STATE: AutoplayState = {
  userPaused: false,
  hovered: false,
  focused: false,
  reducedMotion: false,
  hidden: false,
  ready: false,
  fits: false,
}

/** Whether the slides advance by themselves now. */
export function isRotating(state: AutoplayState): boolean {
  return (
    state.ready &&
    !state.fits &&
    !state.userPaused &&
    !state.reducedMotion &&
    !state.hovered &&
    !state.focused &&
    !state.hidden
  )
}

/**
 * Whether the pause/play control offers 'Pause': autoplay is on by the visitor's choice, even
 * while hover or focus hold it back for a moment.
 */
export function autoplayEnabled(state: Pick<AutoplayState, 'userPaused' | 'reducedMotion'>): boolean {
  return !state.userPaused && !state.reducedMotion
}

export type AutoplayAction =
  /** The pause/play control. Under reduced motion, play is the visitor's explicit opt-in. */
  | { type: 'toggle' }
  | { type: 'hover' | 'focus' | 'hidden' | 'reducedMotion' | 'fits'; value: boolean }
  | { type: 'ready' }

export function autoplayReducer(state: AutoplayState, action: AutoplayAction): AutoplayState {
  switch (action.type) {
    case 'toggle':
      return autoplayEnabled(state)
        ? { ...state, userPaused: true }
        : { ...state, userPaused: false, reducedMotion: false }
    case 'hover':
      return state.hovered === action.value ? state : { ...state, hovered: action.value }
    case 'focus':
      return state.focused === action.value ? state : { ...state, focused: action.value }
    case 'hidden':
      return state.hidden === action.value ? state : { ...state, hidden: action.value }
    case 'reducedMotion':
      return state.reducedMotion === action.value ? state : { ...state, reducedMotion: action.value }
    case 'fits':
      return state.fits === action.value ? state : { ...state, fits: action.value }
    case 'ready':
      return state.ready ? state : { ...state, ready: true }
  }
}
