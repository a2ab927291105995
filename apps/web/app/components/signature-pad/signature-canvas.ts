import { LIMITS } from '@signalway/shared'

/**
 * Drawing helpers of the signature pad (requirements §9: 500 by 200, black pen on white, PNG).
 * The canvas keeps its 500x200 backing size while CSS scales it, so pointer positions are
 * mapped from the displayed box to the backing pixels.
 */

export const SIGNATURE_DEFAULTS = {
  width: LIMITS.signaturePadWidth,
  height: LIMITS.signaturePadHeight,
  penColor: '#000000',
  backgroundColor: '#ffffff',
  penWidth: 2.5,
} as const

/** The system's script-like fonts first, then the generic cursive family. */
export const SCRIPT_FONT_FAMILY =
  '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", "URW Chancery L", "Z003", cursive'

export interface Point {
  x: number
  y: number
}

export type Stroke = Point[]

export interface Box {
  left: number
  top: number
  width: number
  height: number
}

/** A pointer position (client coordinates) in backing-store pixels, clamped to the canvas. */
export function toCanvasPoint(
  client: { clientX: number; clientY: number },
  box: Box,
  size: { width: number; height: number },
): Point {
  const scaleX = box.width > 0 ? size.width / box.width : 1
  const scaleY = box.height > 0 ? size.height / box.height : 1
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value))
  return {
    x: clamp((client.clientX - box.left) * scaleX, size.width),
    y: clamp((client.clientY - box.top) * scaleY, size.height),
  }
}

type Context = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'fillRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'quadraticCurveTo'
  | 'stroke'
  | 'arc'
  | 'fill'
  | 'fillText'
  | 'measureText'
  | 'drawImage'
>

/** Fills the whole canvas with the background colour (so the PNG is black on white, not transparent). */
export function paintBackground(
  ctx: Context,
  width: number,
  height: number,
  color: string = SIGNATURE_DEFAULTS.backgroundColor,
): void {
  ctx.fillStyle = color
  ctx.fillRect(0, 0, width, height)
}

function pen(ctx: Context, color: string, width: number): void {
  ctx.strokeStyle = color
  ctx.fillStyle = color
  ctx.lineWidth = width
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
}

/** Draws a whole stroke, smoothed through the midpoints; a single point is a dot. */
export function drawStroke(
  ctx: Context,
  stroke: Stroke,
  color: string = SIGNATURE_DEFAULTS.penColor,
  width: number = SIGNATURE_DEFAULTS.penWidth,
): void {
  const first = stroke[0]
  if (!first) return
  pen(ctx, color, width)
  if (stroke.length === 1) {
    ctx.beginPath()
    ctx.arc(first.x, first.y, width / 2, 0, Math.PI * 2)
    ctx.fill()
    return
  }
  ctx.beginPath()
  ctx.moveTo(first.x, first.y)
  for (let i = 1; i < stroke.length - 1; i++) {
    const point = stroke[i] as Point
    const next = stroke[i + 1] as Point
    ctx.quadraticCurveTo(point.x, point.y, (point.x + next.x) / 2, (point.y + next.y) / 2)
  }
  const last = stroke[stroke.length - 1] as Point
  ctx.lineTo(last.x, last.y)
  ctx.stroke()
}

/** Draws the newest segment of a stroke being drawn (cheap, while the pointer moves). */
export function drawSegment(
  ctx: Context,
  from: Point,
  to: Point,
  color: string = SIGNATURE_DEFAULTS.penColor,
  width: number = SIGNATURE_DEFAULTS.penWidth,
): void {
  pen(ctx, color, width)
  ctx.beginPath()
  ctx.moveTo(from.x, from.y)
  ctx.lineTo(to.x, to.y)
  ctx.stroke()
}

/** The largest font size (from 64px down to 16px) at which the text fits the width. */
export function fitFontSize(
  measure: (font: string) => number,
  maxWidth: number,
  family: string = SCRIPT_FONT_FAMILY,
): number {
  for (let size = 64; size > 16; size -= 2) {
    if (measure(`italic ${size}px ${family}`) <= maxWidth) return size
  }
  return 16
}

/** Writes a typed name in a script-like font, centred on the signature line. */
export function drawTypedName(
  ctx: Context,
  name: string,
  width: number,
  height: number,
  color: string = SIGNATURE_DEFAULTS.penColor,
): void {
  const text = name.trim()
  if (!text) return
  const size = fitFontSize((font) => {
    ctx.font = font
    return ctx.measureText(text).width
  }, width - 48)
  ctx.font = `italic ${size}px ${SCRIPT_FONT_FAMILY}`
  ctx.fillStyle = color
  ctx.textAlign = 'center'
  ctx.textBaseline = 'alphabetic'
  ctx.fillText(text, width / 2, height * 0.68)
}
