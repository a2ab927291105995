// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubCarouselBrowser } from '../../../../test/utils.tsx'
import { Carousel } from './carousel.tsx'
import { attachCarousel, carouselStatus } from './carousel-controller.ts'
import { EQUIPMENT_BREAKPOINTS } from './carousel-logic.ts'

const attached: (() => void)[] = []

/** The server's markup of a 10-item carousel, with the controller attached (as on a page that is not hydrated). */
function serverCarousel() {
  const items = Array.from({ length: 10 }, (_, index) => `Item ${index + 1}`)
  document.body.innerHTML = renderToStaticMarkup(
    <Carousel
      variant="equipment"
      label="Equipment"
      items={items}
      breakpoints={EQUIPMENT_BREAKPOINTS}
      itemKey={(item) => item}
      renderItem={(item) => <a href={`/${item}/`}>{item}</a>}
    />,
  )
  const root = screen.getByRole('region', { name: 'Equipment' })
  const detach = attachCarousel(root, { breakpoints: EQUIPMENT_BREAKPOINTS })
  attached.push(detach)
  return { root, detach }
}

let scrollTo: ReturnType<typeof vi.fn>
let visibility: DocumentVisibilityState

beforeEach(() => {
  vi.useFakeTimers()
  scrollTo = stubCarouselBrowser()
  visibility = 'visible'
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
})

afterEach(() => {
  for (const detach of attached.splice(0)) detach()
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('carousel controller on server markup', () => {
  it('starts rotating: data-rotating, the live region off, a step every 5000 ms', () => {
    const { root } = serverCarousel()
    expect(root.dataset.rotating).toBe('true')
    expect(root.querySelector('.carousel__viewport')?.getAttribute('aria-live')).toBe('off')
    vi.advanceTimersByTime(10000)
    expect(scrollTo).toHaveBeenCalledTimes(2)
  })

  it('a touch makes the next automatic step wait a full interval again', () => {
    const { root } = serverCarousel()
    vi.advanceTimersByTime(4000)
    fireEvent.pointerDown(root.querySelector('.carousel__slide') as Element, { pointerType: 'touch' })
    vi.advanceTimersByTime(4000)
    expect(scrollTo).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })

  it('stops in a background tab and goes on when the tab is shown again', () => {
    const { root } = serverCarousel()
    visibility = 'hidden'
    fireEvent(document, new Event('visibilitychange'))
    expect(root.dataset.rotating).toBe('false')
    vi.advanceTimersByTime(15000)
    expect(scrollTo).not.toHaveBeenCalled()
    visibility = 'visible'
    fireEvent(document, new Event('visibilitychange'))
    vi.advanceTimersByTime(5000)
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })

  it('focus on the pause control itself does not pause; focus on a slide does', () => {
    const { root } = serverCarousel()
    fireEvent.focusIn(screen.getByRole('button', { name: 'Pause automatic slide show' }))
    expect(root.dataset.rotating).toBe('true')
    fireEvent.focusIn(screen.getByRole('link', { name: 'Item 1' }))
    expect(root.dataset.rotating).toBe('false')
    fireEvent.focusOut(screen.getByRole('link', { name: 'Item 1' }), { relatedTarget: document.body })
    expect(root.dataset.rotating).toBe('true')
  })

  it('swaps the control between Pause and Play, icon included', () => {
    serverCarousel()
    const pause = screen.getByRole('button', { name: 'Pause automatic slide show' })
    const pauseIcon = pause.querySelector('path')?.getAttribute('d')
    fireEvent.click(pause)
    expect(pause.getAttribute('aria-label')).toBe('Play automatic slide show')
    expect(pause.title).toBe('Play')
    expect(pause.querySelector('path')?.getAttribute('d')).not.toBe(pauseIcon)
  })

  it('once detached, nothing moves', () => {
    const { root, detach } = serverCarousel()
    detach()
    vi.advanceTimersByTime(15000)
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
    expect(scrollTo).not.toHaveBeenCalled()
    expect(root.dataset.rotating).toBe('true')
  })
})

describe('carousel status', () => {
  it.each([
    [0, 1, 'Showing item 1 of 10'],
    [2, 3, 'Showing items 3 to 5 of 10'],
    [9, 4, 'Showing items 7 to 10 of 10'],
  ])('first index %i with %i per view: %s', (index, perView, text) => {
    expect(carouselStatus(index, 10, perView)).toBe(text)
  })
})
