import { type ReactNode, useEffect, useId, useRef } from 'react'
import { SvgIcon } from '../svg-icon.tsx'
import { attachCarousel, ROTATION_CONTROL } from './carousel-controller.ts'
import { AUTOPLAY_INTERVAL_MS, type Breakpoint, type CarouselVariant } from './carousel-logic.ts'

/** The previous and next buttons, in that order (the controller finds them by their labels). */
const STEP_CONTROLS = [
  { direction: 'left', label: 'Previous slide', title: 'Previous' },
  { direction: 'right', label: 'Next slide', title: 'Next' },
] as const

export interface CarouselProps<T> {
  items: readonly T[]
  /** Which items-per-view rules apply; `styles/carousel.css` has a modifier class for each. */
  variant: CarouselVariant
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

/**
 * An accessible, auto-rotating carousel (WAI-ARIA APG carousel pattern) over a CSS scroll-snap
 * track. Every slide is in the server-rendered HTML and the track scrolls and snaps by touch,
 * trackpad or keyboard without JavaScript. The behaviour (autoplay every 5000 ms with pause on
 * hover, focus and the pause/play control, reduced motion, Previous/Next, the status line) is
 * `carousel-controller.ts`, plain DOM code: attached here once the component is in the browser,
 * and by `app/enhance` on the pages that are not hydrated. This component only renders the markup,
 * in its server state, and never re-renders it from state, so the controller owns what changes.
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
  const rootRef = useRef<HTMLElement>(null)
  const count = items.length

  useEffect(() => {
    if (!rootRef.current) return
    return attachCarousel(rootRef.current, { breakpoints, intervalMs })
  }, [breakpoints, intervalMs])

  return (
    <section
      ref={rootRef}
      className={['carousel', `carousel--${variant}`, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      data-rotating="false"
    >
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__control carousel__control--rotation"
          aria-label={ROTATION_CONTROL.pause.label}
          title={ROTATION_CONTROL.pause.title}
        >
          <SvgIcon className="carousel__icon" size={20}>
            <path d={ROTATION_CONTROL.pause.iconPath} fill="currentColor" />
          </SvgIcon>
        </button>
        {STEP_CONTROLS.map((control) => (
          <button
            key={control.title}
            type="button"
            className="carousel__control"
            aria-controls={trackId}
            aria-label={control.label}
            title={control.title}
          >
            <ChevronIcon direction={control.direction} />
          </button>
        ))}
      </div>
      <div className="carousel__viewport" aria-live="polite">
        <div id={trackId} className="carousel__track">
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
        <p className="visually-hidden" />
      </div>
    </section>
  )
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <SvgIcon className="carousel__icon" size={20}>
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </SvgIcon>
  )
}
