import {
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from 'react'
import {
  AUTOPLAY_INTERVAL_MS,
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

export interface CarouselProps<T> {
  items: readonly T[]
  /** Which items-per-view rules apply; `styles/carousel.css` has a modifier class for each. */
  variant: 'equipment' | 'partners'
  breakpoints: readonly Breakpoint[]
  renderItem: (item: T, index: number) => ReactNode
  itemKey: (item: T) => string
  /** Id of the visible heading that names the carousel; otherwise `label` is used. */
  labelledBy?: string
  label?: string
  /** Slides without focusable content of their own get tabindex=0, so the keyboard reaches each one. */
  focusableSlides?: boolean
  intervalMs?: number
  className?: string
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

/**
 * An accessible, auto-rotating carousel (WAI-ARIA APG carousel pattern) over a CSS scroll-snap
 * track. Every slide is in the server-rendered HTML and the track scrolls and snaps by touch,
 * trackpad or keyboard without JavaScript; the script adds autoplay, the buttons and the status.
 *
 * - Autoplay advances one slide every 5000 ms and loops; it pauses while a mouse is over the
 *   carousel, while keyboard focus is inside it (except on the pause/play control itself), in a
 *   background tab, and stays off under `prefers-reduced-motion` until the visitor presses play.
 * - The pause/play control comes first, then Previous and Next (which loop too).
 * - The slides' container is `aria-live="off"` while rotating and `"polite"` otherwise, so a
 *   screen reader hears 'Showing items 2 to 4 of 10' after Previous or Next, never mid-rotation.
 */
export function Carousel<T>({
  items,
  variant,
  breakpoints,
  renderItem,
  itemKey,
  labelledBy,
  label,
  focusableSlides = false,
  intervalMs = AUTOPLAY_INTERVAL_MS,
  className,
}: CarouselProps<T>) {
  const trackId = useId()
  const trackRef = useRef<HTMLDivElement>(null)
  const rotationRef = useRef<HTMLButtonElement>(null)
  const [autoplay, dispatch] = useReducer(autoplayReducer, INITIAL_AUTOPLAY_STATE)
  const [perView, setPerView] = useState(() => itemsPerView(0, breakpoints))
  const [index, setIndex] = useState(0)
  const [announce, setAnnounce] = useState(false)
  // Bumped when a touch starts, so the next automatic step waits a full interval again.
  const [touchKey, setTouchKey] = useState(0)
  const count = items.length
  const rotating = isRotating(autoplay)
  const enabled = autoplayEnabled(autoplay)

  // Items per view follow the viewport width, as the CSS media queries do.
  useEffect(() => {
    const update = () => {
      const next = itemsPerView(window.innerWidth, breakpoints)
      setPerView(next)
      dispatch({ type: 'fits', value: count <= next })
    }
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [breakpoints, count])

  useEffect(() => {
    const motion = window.matchMedia(REDUCED_MOTION)
    const onMotion = () => dispatch({ type: 'reducedMotion', value: motion.matches })
    const onVisibility = () => dispatch({ type: 'hidden', value: document.visibilityState === 'hidden' })
    onMotion()
    onVisibility()
    dispatch({ type: 'ready' })
    motion.addEventListener('change', onMotion)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      motion.removeEventListener('change', onMotion)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [])

  /** Where a programmatic (smooth) scroll is heading, until it gets there or the visitor scrolls. */
  const targetRef = useRef<{ index: number; left: number } | null>(null)

  /**
   * The first visible slide: the one a smooth scroll is heading to, else read from the scroll
   * position (a swipe moves it too). Previous/Next pressed mid-animation then step from the
   * target, not from a half-way position.
   */
  const currentIndex = useCallback((): number => {
    const track = trackRef.current
    const slides = track?.children
    if (!track || !slides || slides.length < 2) return 0
    const target = targetRef.current
    if (target) {
      if (Math.abs(track.scrollLeft - target.left) > 2) return target.index
      targetRef.current = null
    }
    const first = slides[0] as HTMLElement
    const second = slides[1] as HTMLElement
    const step = second.offsetLeft - first.offsetLeft
    if (step <= 0) return 0
    const perViewNow = itemsPerView(window.innerWidth, breakpoints)
    if (track.scrollLeft >= track.scrollWidth - track.clientWidth - 2)
      return lastStartIndex(count, perViewNow)
    return Math.round(track.scrollLeft / step)
  }, [breakpoints, count])

  const scrollToIndex = useCallback((target: number) => {
    const track = trackRef.current
    const slide = track?.children[target] as HTMLElement | undefined
    const first = track?.children[0] as HTMLElement | undefined
    if (!track || !slide || !first) return
    const smooth = !window.matchMedia(REDUCED_MOTION).matches
    const left = Math.min(slide.offsetLeft - first.offsetLeft, track.scrollWidth - track.clientWidth)
    targetRef.current = { index: target, left }
    track.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' })
    setIndex(target)
  }, [])

  const step = useCallback(
    (direction: 'next' | 'previous') => {
      const perViewNow = itemsPerView(window.innerWidth, breakpoints)
      const from = currentIndex()
      scrollToIndex(
        direction === 'next' ? nextIndex(from, count, perViewNow) : previousIndex(from, count, perViewNow),
      )
    },
    [breakpoints, count, currentIndex, scrollToIndex],
  )

  // The visitor scrolls by hand (wheel, drag, touch, keys): forget where a button was taking the track.
  useEffect(() => {
    const track = trackRef.current
    if (!track) return
    const forget = () => {
      targetRef.current = null
    }
    const events = ['wheel', 'pointerdown', 'keydown'] as const
    for (const type of events) track.addEventListener(type, forget, { passive: true })
    return () => {
      for (const type of events) track.removeEventListener(type, forget)
    }
  }, [])

  useEffect(() => {
    if (!rotating) return
    void touchKey
    const timer = window.setInterval(() => step('next'), intervalMs)
    return () => window.clearInterval(timer)
  }, [rotating, intervalMs, step, touchKey])

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') dispatch({ type: 'hover', value: true })
  }
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') dispatch({ type: 'hover', value: false })
  }
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') setTouchKey((key) => key + 1)
  }
  // Focus on the pause/play control does not hold rotation back: that control decides it.
  const onFocus = (event: FocusEvent) => {
    dispatch({ type: 'focus', value: event.target !== rotationRef.current })
  }
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null
    if (!next || !event.currentTarget.contains(next)) dispatch({ type: 'focus', value: false })
  }

  const range = visibleRange(index, count, perView)
  const status = announce
    ? range.first === range.last
      ? `Showing item ${range.first} of ${count}`
      : `Showing items ${range.first} to ${range.last} of ${count}`
    : ''

  return (
    <section
      className={['carousel', `carousel--${variant}`, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      data-rotating={rotating ? 'true' : 'false'}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={onPointerDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="carousel__controls">
        <button
          ref={rotationRef}
          type="button"
          className="carousel__control carousel__control--rotation"
          aria-label={enabled ? 'Pause automatic slide show' : 'Play automatic slide show'}
          title={enabled ? 'Pause' : 'Play'}
          onClick={() => dispatch({ type: 'toggle' })}
        >
          {enabled ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className="carousel__control"
          aria-controls={trackId}
          aria-label="Previous slide"
          title="Previous"
          onClick={() => {
            setAnnounce(true)
            step('previous')
          }}
        >
          <ChevronIcon direction="left" />
        </button>
        <button
          type="button"
          className="carousel__control"
          aria-controls={trackId}
          aria-label="Next slide"
          title="Next"
          onClick={() => {
            setAnnounce(true)
            step('next')
          }}
        >
          <ChevronIcon direction="right" />
        </button>
      </div>
      <div className="carousel__viewport" aria-live={rotating ? 'off' : 'polite'}>
        <div
          id={trackId}
          ref={trackRef}
          className="carousel__track"
          onScroll={() => setIndex(currentIndex())}
        >
          {items.map((item, itemIndex) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern's slide is role="group" with a roledescription
            <div
              key={itemKey(item)}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${itemIndex + 1} of ${count}`}
              tabIndex={focusableSlides ? 0 : undefined}
            >
              {renderItem(item, itemIndex)}
            </div>
          ))}
        </div>
        <p className="visually-hidden">{status}</p>
      </div>
    </section>
  )
}

function PauseIcon() {
  return (
    <svg
      className="carousel__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  )
}

function PlayIcon() {
  return (
    <svg
      className="carousel__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  )
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      className="carousel__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
