import { vi } from 'vitest'

/**
 * happy-dom has no 2D canvas: a recording stand-in for CanvasRenderingContext2D, and a
 * toDataURL that answers a PNG data URL. `calls` lists every drawing call with its arguments.
 */
export interface FakeContext {
  calls: Array<[string, ...unknown[]]>
  font: string
  fillStyle: string
  strokeStyle: string
}

export const FAKE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

export function installFakeCanvas(): { contexts: FakeContext[] } {
  const contexts: FakeContext[] = []
  const make = (): FakeContext => {
    const ctx: FakeContext & Record<string, unknown> = {
      calls: [],
      font: '10px sans-serif',
      fillStyle: '#000000',
      strokeStyle: '#000000',
      lineWidth: 1,
      lineCap: 'butt',
      lineJoin: 'miter',
      textAlign: 'start',
      textBaseline: 'alphabetic',
    }
    for (const name of [
      'fillRect',
      'beginPath',
      'moveTo',
      'lineTo',
      'quadraticCurveTo',
      'stroke',
      'arc',
      'fill',
      'fillText',
      'drawImage',
    ]) {
      ctx[name] = (...args: unknown[]) => ctx.calls.push([name, ...args])
    }
    // About 12px per character at 24px, scaled by the size in the font.
    ctx.measureText = (text: string) => {
      const size = Number(/(\d+)px/.exec(ctx.font)?.[1] ?? 10)
      return { width: text.length * size * 0.5 }
    }
    return ctx
  }
  const byCanvas = new WeakMap<HTMLCanvasElement, FakeContext>()
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    let ctx = byCanvas.get(this)
    if (!ctx) {
      ctx = make()
      byCanvas.set(this, ctx)
      contexts.push(ctx)
    }
    return ctx as never
  })
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation((type?: string) =>
    type === 'image/png' ? FAKE_PNG : 'data:,',
  )
  return { contexts }
}

/** The drawing calls of one name. */
export function callsOf(ctx: FakeContext, name: string): unknown[][] {
  return ctx.calls.filter((call) => call[0] === name).map((call) => call.slice(1))
}
