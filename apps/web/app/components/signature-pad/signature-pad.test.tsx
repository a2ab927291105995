// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf, FAKE_PNG, type FakeContext, installFakeCanvas } from '../../../test/fake-canvas.ts'
import { fitFontSize, SCRIPT_FONT_FAMILY, SIGNATURE_DEFAULTS, toCanvasPoint } from './signature-canvas.ts'
import { SignaturePad } from './signature-pad.tsx'

function Harness({ onChange, initial = '' }: { onChange: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <SignaturePad
      value={value}
      label="Signature of Ada Lovelace"
      onChange={(next) => {
        setValue(next)
        onChange(next)
      }}
    />
  )
}

let canvas: { contexts: FakeContext[] }

beforeEach(() => {
  canvas = installFakeCanvas()
})

/** The canvas shown at half its size (250x100) at (10, 20) on the page. */
function placeCanvas(): HTMLCanvasElement {
  const element = screen.getByRole('img', { name: /Signature of Ada Lovelace/ }) as HTMLCanvasElement
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    left: 10,
    top: 20,
    width: 250,
    height: 100,
    right: 260,
    bottom: 120,
    x: 10,
    y: 20,
    toJSON: () => ({}),
  })
  return element
}

function draw(element: HTMLCanvasElement, points: Array<[number, number]>, pointerType = 'mouse') {
  const [first, ...rest] = points
  if (!first) return
  fireEvent.pointerDown(element, {
    pointerId: 7,
    pointerType,
    button: 0,
    clientX: first[0],
    clientY: first[1],
  })
  for (const [clientX, clientY] of rest) {
    fireEvent.pointerMove(element, { pointerId: 7, pointerType, clientX, clientY })
  }
  fireEvent.pointerUp(element, { pointerId: 7, pointerType })
}

describe('signature pad geometry', () => {
  it('maps a pointer position on a CSS-scaled canvas to its 500x200 backing pixels', () => {
    const box = { left: 10, top: 20, width: 250, height: 100 }
    const size = { width: 500, height: 200 }
    expect(toCanvasPoint({ clientX: 60, clientY: 70 }, box, size)).toEqual({ x: 100, y: 100 })
    expect(toCanvasPoint({ clientX: 260, clientY: 120 }, box, size)).toEqual({ x: 500, y: 200 })
    // Outside the box: clamped to the canvas.
    expect(toCanvasPoint({ clientX: -50, clientY: 500 }, box, size)).toEqual({ x: 0, y: 200 })
  })

  it('is 500 by 200, black on white by default (requirements §9)', () => {
    expect(SIGNATURE_DEFAULTS).toMatchObject({
      width: 500,
      height: 200,
      penColor: '#000000',
      backgroundColor: '#ffffff',
    })
  })

  it('fits a typed name: the largest script font size whose text fits the width', () => {
    const measure = (font: string) => Number(/(\d+)px/.exec(font)?.[1]) * 10
    expect(fitFontSize(measure, 452)).toBe(44)
    expect(fitFontSize(() => 10_000, 452)).toBe(16)
  })
})

describe('SignaturePad', () => {
  it('keeps a 500x200 backing canvas, labelled, that does not scroll on touch', () => {
    render(<Harness onChange={vi.fn()} />)
    const element = screen.getByRole('img', { name: 'Signature of Ada Lovelace (not signed yet)' })
    expect(element.getAttribute('width')).toBe('500')
    expect(element.getAttribute('height')).toBe('200')
    expect(element.className).toContain('signature-pad__canvas')
    expect(element.hasAttribute('style')).toBe(false)
    // Painted white first, so the PNG is black on white.
    const ctx = canvas.contexts[0] as FakeContext
    expect(callsOf(ctx, 'fillRect')[0]).toEqual([0, 0, 500, 200])
  })

  it('drawing with a pointer produces a PNG data URL, at the mapped backing coordinates', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const element = placeCanvas()
    draw(element, [
      [60, 70],
      [85, 80],
      [110, 70],
    ])
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(FAKE_PNG))
    expect(onChange.mock.lastCall?.[0]).toMatch(/^data:image\/png;base64,/)
    const ctx = canvas.contexts[0] as FakeContext
    expect(callsOf(ctx, 'moveTo')).toContainEqual([100, 100])
    expect(callsOf(ctx, 'lineTo')).toContainEqual([150, 120])
    expect(ctx.strokeStyle).toBe('#000000')
    expect(screen.getByRole('img', { name: 'Signature of Ada Lovelace' })).toBeTruthy()
    expect(screen.getByText('Signed')).toBeTruthy()
  })

  it('works with touch and pen pointers too', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const element = placeCanvas()
    draw(
      element,
      [
        [20, 30],
        [40, 50],
      ],
      'touch',
    )
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1))
    draw(
      element,
      [
        [30, 30],
        [50, 60],
      ],
      'pen',
    )
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2))
    expect(onChange.mock.lastCall?.[0]).toBe(FAKE_PNG)
  })

  it('Undo, Redo and Clear', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const element = placeCanvas()
    draw(element, [
      [60, 70],
      [90, 90],
    ])
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(FAKE_PNG))
    await user.click(screen.getByRole('button', { name: /^Undo/ }))
    expect(onChange).toHaveBeenLastCalledWith('')
    expect(screen.getByText('Not signed yet')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /^Redo/ }))
    expect(onChange).toHaveBeenLastCalledWith(FAKE_PNG)
    await user.click(screen.getByRole('button', { name: /^Clear/ }))
    expect(onChange).toHaveBeenLastCalledWith('')
    expect((screen.getByRole('button', { name: /^Clear/ }) as HTMLButtonElement).disabled).toBe(true)
  })

  it("'Type your name instead' writes the typed name in a script font and produces the PNG", async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const toggle = screen.getByRole('button', { name: /^Type your name instead/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    const input = screen.getByRole('textbox', { name: 'Type your full name' })
    expect(document.activeElement).toBe(input)
    await user.keyboard('Ada Lovelace')
    expect(onChange).toHaveBeenLastCalledWith(FAKE_PNG)
    const ctx = canvas.contexts[0] as FakeContext
    expect(callsOf(ctx, 'fillText').at(-1)?.[0]).toBe('Ada Lovelace')
    expect(ctx.font).toContain(SCRIPT_FONT_FAMILY)
    expect(ctx.font).toContain('cursive')
    // Emptying the name unsigns.
    await user.clear(input)
    expect(onChange).toHaveBeenLastCalledWith('')
    // Back to drawing.
    await user.click(screen.getByRole('button', { name: /^Draw instead/ }))
    expect(screen.queryByRole('textbox', { name: 'Type your full name' })).toBeNull()
  })

  it('paints a value given from outside (a restored form) back onto the canvas', async () => {
    const onChange = vi.fn()
    const drawn = vi.fn()
    // happy-dom loads no images: an Image that loads at once.
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null
        set src(_value: string) {
          drawn()
          setTimeout(() => this.onload?.(), 0)
        }
      },
    )
    render(<Harness onChange={onChange} initial={FAKE_PNG} />)
    await waitFor(() => expect(drawn).toHaveBeenCalled())
    const ctx = canvas.contexts[0] as FakeContext
    await waitFor(() => expect(callsOf(ctx, 'drawImage').length).toBeGreaterThan(0))
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByRole('img', { name: 'Signature of Ada Lovelace' })).toBeTruthy()
    vi.unstubAllGlobals()
  })
})
