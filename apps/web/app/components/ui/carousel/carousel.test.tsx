// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubCarouselBrowser } from '../../../../test/utils.tsx'
import { Carousel } from './carousel.tsx'
import { EQUIPMENT_BREAKPOINTS } from './carousel-logic.ts'

const items = Array.from({ length: 10 }, (_, index) => ({
  id: `item-${index + 1}`,
  name: `Item ${index + 1}`,
}))

function renderCarousel() {
  return render(
    <Carousel
      variant="equipment"
      label="Equipment"
      items={items}
      breakpoints={EQUIPMENT_BREAKPOINTS}
      itemKey={(item) => item.id}
      renderItem={(item) => <a href={`/${item.id}/`}>{item.name}</a>}
    />,
  )
}

let scrollTo: ReturnType<typeof vi.fn>

beforeEach(() => {
  vi.useFakeTimers()
  scrollTo = stubCarouselBrowser()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('Carousel', () => {
  it('is an APG carousel: a named region of "N of M" slides, with the rotation control first', () => {
    renderCarousel()
    const region = screen.getByRole('region', { name: 'Equipment' })
    expect(region.getAttribute('aria-roledescription')).toBe('carousel')
    const slides = screen.getAllByRole('group')
    expect(slides).toHaveLength(10)
    expect(slides[0]?.getAttribute('aria-roledescription')).toBe('slide')
    expect(slides[0]?.getAttribute('aria-label')).toBe('1 of 10')
    expect(slides[9]?.getAttribute('aria-label')).toBe('10 of 10')
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Pause automatic slide show',
      'Previous slide',
      'Next slide',
    ])
  })

  it('advances every 5000 ms with the slides container aria-live="off"', () => {
    const { container } = renderCarousel()
    expect(container.querySelector('.carousel__viewport')?.getAttribute('aria-live')).toBe('off')
    act(() => vi.advanceTimersByTime(4999))
    expect(scrollTo).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })

  it('pauses while a mouse is over it, and resumes when it leaves', () => {
    renderCarousel()
    const region = screen.getByRole('region', { name: 'Equipment' })
    fireEvent.pointerOver(region, { pointerType: 'mouse' })
    act(() => vi.advanceTimersByTime(12000))
    expect(scrollTo).not.toHaveBeenCalled()
    fireEvent.pointerOut(region, { pointerType: 'mouse' })
    act(() => vi.advanceTimersByTime(5000))
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })

  it('pauses while focus is inside, and the live region turns polite', () => {
    const { container } = renderCarousel()
    act(() => screen.getByRole('link', { name: 'Item 1' }).focus())
    expect(container.querySelector('.carousel__viewport')?.getAttribute('aria-live')).toBe('polite')
    act(() => vi.advanceTimersByTime(12000))
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('the pause control stops it until play is pressed', () => {
    renderCarousel()
    fireEvent.click(screen.getByRole('button', { name: 'Pause automatic slide show' }))
    act(() => vi.advanceTimersByTime(12000))
    expect(scrollTo).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Play automatic slide show' }))
    act(() => vi.advanceTimersByTime(5000))
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })

  it('does not autoplay under prefers-reduced-motion', () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as never
    renderCarousel()
    expect(screen.getByRole('button', { name: 'Play automatic slide show' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(12000))
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('Previous and Next move the track and announce the visible items', () => {
    const { container } = renderCarousel()
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
    expect(scrollTo).toHaveBeenCalledTimes(1)
    expect(container.querySelector('.carousel__viewport .visually-hidden')?.textContent).toMatch(
      /^Showing items? \d+/,
    )
  })
})
