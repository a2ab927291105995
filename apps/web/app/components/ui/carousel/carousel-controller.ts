import {
  AUTOPLAY_INTERVAL_MS,
  type AutoplayAction,
  autoplayEnabled,
  autoplayReducer,
  type Breakpoint,
  INITIAL_AUTOPLAY_STATE,
  isRotating,
  itemsPerView,
  lastStartIndex,
  nextIndex,
  previousIndex,
  visibleRange,
} from './carousel-logic.ts'

/**
 * The behaviour of a server-rendered carousel (`carousel.tsx` renders the markup), in plain DOM
 * code with no React, so that the same code runs in the hydrated app (the component attaches it
 * in an effect) and on the pages that do not hydrate (`app/enhance`).
 */

/** The rotation control's two faces; `carousel.tsx` renders the 'pause' one on the server. */
export const ROTATION_CONTROL = {
  pause: {
    label: 'Pause automatic slide show',
    title: 'Pause',
    iconPath: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  },
  play: { label: 'Play automatic slide show', title: 'Play', iconPath: 'M8 5v14l11-7z' },
} as const

/** Class names the controller finds its parts by. */
export const CAROUSEL_PARTS = {
  track: 'carousel__track',
  viewport: 'carousel__viewport',
  /** The visually hidden status line inside the viewport. */
  status: 'visually-hidden',
  control: 'carousel__control',
  rotation: 'carousel__control--rotation',
} as const

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

export interface CarouselControllerOptions {
  breakpoints: readonly Breakpoint[]
  intervalMs?: number
}

/** 'Showing items 2 to 4 of 10' (or 'item 3 of 10' when one shows at a time). */
export function carouselStatus(index: number, count: number, perView: number): string {
  const range = visibleRange(index, count, perView)
  return range.first === range.last
    ? `Showing item ${range.first} of ${count}`
    : `Showing items ${range.first} to ${range.last} of ${count}`
}

/**
 * Makes the carousel under `root` work (WAI-ARIA APG carousel pattern) and returns a function that
 * undoes it.
 *
 * - Autoplay advances one slide every `intervalMs` (5000 ms) and loops; it pauses while a mouse is
 *   over the carousel, while keyboard focus is inside it (except on the pause/play control itself),
 *   in a background tab, and stays off under `prefers-reduced-motion` until the visitor presses play.
 *   A touch on the carousel makes the next automatic step wait a full interval again.
 * - The pause/play control, then Previous and Next (which loop too).
 * - The slides' container is `aria-live="off"` while rotating and `"polite"` otherwise; the status
 *   says which slides show after Previous or Next, never mid-rotation.
 */
export function attachCarousel(
  root: HTMLElement,
  { breakpoints, intervalMs = AUTOPLAY_INTERVAL_MS }: CarouselControllerOptions,
): () => void {
  const win = root.ownerDocument.defaultView
  const doc = root.ownerDocument
  const track = root.querySelector<HTMLElement>(`.${CAROUSEL_PARTS.track}`)
  const viewport = root.querySelector<HTMLElement>(`.${CAROUSEL_PARTS.viewport}`)
  const status = root.querySelector<HTMLElement>(`.${CAROUSEL_PARTS.viewport} > .${CAROUSEL_PARTS.status}`)
  const rotation = root.querySelector<HTMLButtonElement>(`.${CAROUSEL_PARTS.rotation}`)
  const [previous, next] = Array.from(
    root.querySelectorAll<HTMLButtonElement>(`.${CAROUSEL_PARTS.control}:not(.${CAROUSEL_PARTS.rotation})`),
  )
  if (!win || !track || !viewport || !status || !rotation || !previous || !next) return () => {}

  const count = track.children.length
  const motion = win.matchMedia(REDUCED_MOTION)
  let state = INITIAL_AUTOPLAY_STATE
  let perView = itemsPerView(0, breakpoints)
  let index = 0
  /** Announce the visible slides only once the visitor has used Previous or Next. */
  let announce = false
  let timer: number | undefined
  /** Where a programmatic (smooth) scroll is heading, until it gets there or the visitor scrolls. */
  let target: { index: number; left: number } | null = null

  const perViewNow = () => itemsPerView(win.innerWidth, breakpoints)

  /**
   * The first visible slide: the one a smooth scroll is heading to, else read from the scroll
   * position (a swipe moves it too). Previous/Next pressed mid-animation then step from the
   * target, not from a half-way position.
   */
  const currentIndex = (): number => {
    const slides = track.children
    if (slides.length < 2) return 0
    if (target) {
      if (Math.abs(track.scrollLeft - target.left) > 2) return target.index
      target = null
    }
    const step = (slides[1] as HTMLElement).offsetLeft - (slides[0] as HTMLElement).offsetLeft
    if (step <= 0) return 0
    if (track.scrollLeft >= track.scrollWidth - track.clientWidth - 2)
      return lastStartIndex(count, perViewNow())
    return Math.round(track.scrollLeft / step)
  }

  const renderStatus = () => {
    const text = announce ? carouselStatus(index, count, perView) : ''
    if (status.textContent !== text) status.textContent = text
  }

  const scrollToIndex = (to: number) => {
    const slide = track.children[to] as HTMLElement | undefined
    const first = track.children[0] as HTMLElement | undefined
    if (!slide || !first) return
    const left = Math.min(slide.offsetLeft - first.offsetLeft, track.scrollWidth - track.clientWidth)
    target = { index: to, left }
    track.scrollTo({ left, behavior: motion.matches ? 'auto' : 'smooth' })
    index = to
    renderStatus()
  }

  const step = (direction: 'next' | 'previous') => {
    const from = currentIndex()
    const view = perViewNow()
    scrollToIndex(direction === 'next' ? nextIndex(from, count, view) : previousIndex(from, count, view))
  }

  const stopTimer = () => {
    if (timer !== undefined) win.clearInterval(timer)
    timer = undefined
  }
  const startTimer = () => {
    stopTimer()
    timer = win.setInterval(() => step('next'), intervalMs)
  }

  const render = () => {
    const rotating = isRotating(state)
    const face = autoplayEnabled(state) ? ROTATION_CONTROL.pause : ROTATION_CONTROL.play
    root.dataset.rotating = rotating ? 'true' : 'false'
    rotation.setAttribute('aria-label', face.label)
    rotation.title = face.title
    rotation.querySelector('path')?.setAttribute('d', face.iconPath)
    viewport.setAttribute('aria-live', rotating ? 'off' : 'polite')
    if (rotating && timer === undefined) startTimer()
    else if (!rotating) stopTimer()
  }

  const dispatch = (action: AutoplayAction) => {
    const nextState = autoplayReducer(state, action)
    if (nextState === state) return
    state = nextState
    render()
  }

  // Items per view follow the viewport width, as the CSS media queries do.
  const onResize = () => {
    perView = perViewNow()
    dispatch({ type: 'fits', value: count <= perView })
    renderStatus()
  }
  const onMotion = () => dispatch({ type: 'reducedMotion', value: motion.matches })
  const onVisibility = () => dispatch({ type: 'hidden', value: doc.visibilityState === 'hidden' })
  // A mouse entering or leaving the carousel (pointerover/out bubble; enter/leave is when the
  // pointer comes from or goes to outside it).
  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || root.contains(event.relatedTarget as Node | null)) return
    dispatch({ type: 'hover', value: true })
  }
  const onPointerOut = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || root.contains(event.relatedTarget as Node | null)) return
    dispatch({ type: 'hover', value: false })
  }
  // A touch: the next automatic step waits a full interval again.
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' && timer !== undefined) startTimer()
  }
  // Focus on the pause/play control does not hold rotation back: that control decides it.
  const onFocusIn = (event: FocusEvent) => dispatch({ type: 'focus', value: event.target !== rotation })
  const onFocusOut = (event: FocusEvent) => {
    const to = event.relatedTarget as Node | null
    if (!to || !root.contains(to)) dispatch({ type: 'focus', value: false })
  }
  const onRotation = () => dispatch({ type: 'toggle' })
  const onPrevious = () => {
    announce = true
    step('previous')
  }
  const onNext = () => {
    announce = true
    step('next')
  }
  // The visitor scrolls by hand (wheel, drag, touch, keys): forget where a button was taking the track.
  const forgetTarget = () => {
    target = null
  }
  const onScroll = () => {
    index = currentIndex()
    renderStatus()
  }

  const listeners: [EventTarget, string, EventListener, AddEventListenerOptions?][] = [
    [win, 'resize', onResize],
    [motion, 'change', onMotion],
    [doc, 'visibilitychange', onVisibility],
    [root, 'pointerover', onPointerOver as EventListener],
    [root, 'pointerout', onPointerOut as EventListener],
    [root, 'pointerdown', onPointerDown as EventListener],
    [root, 'focusin', onFocusIn as EventListener],
    [root, 'focusout', onFocusOut as EventListener],
    [rotation, 'click', onRotation],
    [previous, 'click', onPrevious],
    [next, 'click', onNext],
    [track, 'wheel', forgetTarget, { passive: true }],
    [track, 'pointerdown', forgetTarget, { passive: true }],
    [track, 'keydown', forgetTarget, { passive: true }],
    [track, 'scroll', onScroll, { passive: true }],
  ]
  for (const [element, type, listener, options] of listeners)
    element.addEventListener(type, listener, options)

  perView = perViewNow()
  state = {
    ...state,
    fits: count <= perView,
    reducedMotion: motion.matches,
    hidden: doc.visibilityState === 'hidden',
    // The client has taken over: from now on the slides may move by themselves.
    ready: true,
  }
  render()

  return () => {
    stopTimer()
    for (const [element, type, listener] of listeners) element.removeEventListener(type, listener)
  }
}
