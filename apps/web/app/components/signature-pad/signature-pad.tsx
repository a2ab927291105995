import { type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { cx } from '../form/index.ts'
import {
  drawSegment,
  drawStroke,
  drawTypedName,
  type Point,
  paintBackground,
  SIGNATURE_DEFAULTS,
  type Stroke,
  toCanvasPoint,
} from './signature-canvas.ts'

export interface SignaturePadProps {
  /** The signature as a PNG data URL, '' when unsigned. */
  value: string
  onChange: (value: string) => void
  /** The pad's accessible name, e.g. 'Signature of Jane Citizen'. */
  label: string
  width?: number
  height?: number
  penColor?: string
  backgroundColor?: string
  invalid?: boolean
  /** Extra ids read out with the pad (e.g. an error). */
  describedBy?: string | undefined
  className?: string
}

type Mode = 'draw' | 'type'

/**
 * A signature pad (requirements §9): a 500 by 200 canvas, black pen on white, PNG data URL output.
 * Pointer Events make it work with a mouse, a finger and a pen; CSS scales it to the screen and
 * pointer positions are mapped back to its 500x200 pixels. Undo, Redo and Clear. For people who
 * cannot draw, 'Type your name instead' writes the typed name in a script-like font onto the
 * canvas and gives the same PNG. A value set from outside (a restored form) is painted back.
 */
export function SignaturePad({
  value,
  onChange,
  label,
  width = SIGNATURE_DEFAULTS.width,
  height = SIGNATURE_DEFAULTS.height,
  penColor = SIGNATURE_DEFAULTS.penColor,
  backgroundColor = SIGNATURE_DEFAULTS.backgroundColor,
  invalid,
  describedBy,
  className,
}: SignaturePadProps) {
  const id = useId()
  const ids = { hint: `${id}hint`, typed: `${id}typed`, typedInput: `${id}typedinput` }
  const canvasRef = useRef<HTMLCanvasElement | null>(null)
  const typedInputRef = useRef<HTMLInputElement | null>(null)
  const strokes = useRef<Stroke[]>([])
  const undone = useRef<Stroke[]>([])
  const current = useRef<{ pointerId: number; stroke: Stroke } | null>(null)
  /** The image a value from outside was painted from; strokes draw over it. */
  const base = useRef<HTMLImageElement | null>(null)
  /** The last value this pad produced (or painted), to tell our own changes from outside ones. */
  const emitted = useRef<string | undefined>(undefined)
  const [mode, setMode] = useState<Mode>('draw')
  const [typedName, setTypedName] = useState('')
  const [, setVersion] = useState(0)
  const refresh = useCallback(() => setVersion((version) => version + 1), [])

  const context = useCallback(() => canvasRef.current?.getContext('2d') ?? null, [])

  const repaint = useCallback(
    (typed = '') => {
      const ctx = context()
      if (!ctx) return
      paintBackground(ctx, width, height, backgroundColor)
      if (base.current) ctx.drawImage(base.current, 0, 0, width, height)
      if (typed) drawTypedName(ctx, typed, width, height, penColor)
      for (const stroke of strokes.current) drawStroke(ctx, stroke, penColor)
    },
    [context, width, height, backgroundColor, penColor],
  )

  const emit = (hasInk: boolean) => {
    const canvas = canvasRef.current
    const data = hasInk && canvas ? canvas.toDataURL('image/png') : ''
    emitted.current = data
    onChange(data)
    refresh()
  }
  const inked = () => strokes.current.length > 0 || base.current !== null

  // A value from outside (first render, a restored form, a reset): paint it.
  useEffect(() => {
    if (value === emitted.current) return
    emitted.current = value
    strokes.current = []
    undone.current = []
    base.current = null
    repaint()
    refresh()
    if (!value) return
    const image = new Image()
    image.onload = () => {
      if (emitted.current !== value) return
      base.current = image
      repaint()
      refresh()
    }
    image.src = value
  }, [value, repaint, refresh])

  useEffect(() => {
    if (mode === 'type') typedInputRef.current?.focus()
  }, [mode])

  const pointAt = (event: PointerEvent<HTMLCanvasElement> | globalThis.PointerEvent): Point => {
    const canvas = canvasRef.current as HTMLCanvasElement
    return toCanvasPoint(event, canvas.getBoundingClientRect(), { width, height })
  }

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (mode !== 'draw' || current.current) return
    if (event.pointerType === 'mouse' && event.button !== 0) return
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    const stroke: Stroke = [pointAt(event)]
    current.current = { pointerId: event.pointerId, stroke }
    strokes.current.push(stroke)
    undone.current = []
    const ctx = context()
    if (ctx) drawStroke(ctx, stroke, penColor)
  }

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const active = current.current
    if (!active || active.pointerId !== event.pointerId) return
    event.preventDefault()
    const native = event.nativeEvent
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : []
    const ctx = context()
    for (const item of events.length > 0 ? events : [native]) {
      const point = pointAt(item)
      const last = active.stroke[active.stroke.length - 1] as Point
      active.stroke.push(point)
      if (ctx) drawSegment(ctx, last, point, penColor)
    }
  }

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    const active = current.current
    if (!active || active.pointerId !== event.pointerId) return
    current.current = null
    event.currentTarget.releasePointerCapture?.(event.pointerId)
    // The smoothed stroke replaces the segments drawn while moving.
    repaint()
    emit(true)
  }

  const undo = () => {
    const stroke = strokes.current.pop()
    if (!stroke) return
    undone.current.push(stroke)
    repaint()
    emit(inked())
  }

  const redo = () => {
    const stroke = undone.current.pop()
    if (!stroke) return
    strokes.current.push(stroke)
    repaint()
    emit(true)
  }

  const clear = () => {
    strokes.current = []
    undone.current = []
    base.current = null
    setTypedName('')
    repaint()
    emit(false)
  }

  const switchMode = () => {
    clear()
    setMode((now) => (now === 'draw' ? 'type' : 'draw'))
  }

  const typeName = (name: string) => {
    setTypedName(name)
    strokes.current = []
    undone.current = []
    base.current = null
    repaint(name)
    emit(name.trim() !== '')
  }

  const signed = value !== ''
  const hint =
    mode === 'draw'
      ? 'Sign in the box with a mouse, your finger or a pen.'
      : 'Your typed name is written in the box as your signature.'

  return (
    <div className={cx('signature-pad', invalid && 'signature-pad--invalid', className)}>
      <div className="signature-pad__surface">
        <canvas
          ref={canvasRef}
          width={width}
          height={height}
          className={cx('signature-pad__canvas', mode === 'type' && 'signature-pad__canvas--typed')}
          role="img"
          aria-label={`${label}${signed ? '' : ' (not signed yet)'}`}
          aria-describedby={[ids.hint, describedBy].filter(Boolean).join(' ')}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onContextMenu={(event) => event.preventDefault()}
        />
        <span className="signature-pad__line" aria-hidden="true" />
        <span
          className={cx('signature-pad__status', signed && 'signature-pad__status--signed')}
          aria-live="polite"
        >
          {signed ? 'Signed' : 'Not signed yet'}
        </span>
      </div>
      <p id={ids.hint} className="signature-pad__hint">
        {hint}
      </p>
      <div className="signature-pad__actions">
        {mode === 'draw' ? (
          <>
            <button
              type="button"
              className="button button--outline button--sm"
              onClick={undo}
              disabled={strokes.current.length === 0}
            >
              Undo<span className="visually-hidden"> ({label})</span>
            </button>
            <button
              type="button"
              className="button button--outline button--sm"
              onClick={redo}
              disabled={undone.current.length === 0}
            >
              Redo<span className="visually-hidden"> ({label})</span>
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="button button--outline button--sm"
          onClick={clear}
          disabled={!signed}
        >
          Clear<span className="visually-hidden"> ({label})</span>
        </button>
      </div>
      <button
        type="button"
        className="signature-pad__switch"
        aria-expanded={mode === 'type'}
        aria-controls={ids.typed}
        onClick={switchMode}
      >
        {mode === 'draw' ? 'Type your name instead' : 'Draw instead'}
        <span className="visually-hidden"> ({label})</span>
      </button>
      <div id={ids.typed} className="signature-pad__typed" hidden={mode !== 'type'}>
        <label htmlFor={ids.typedInput} className="field__label">
          Type your full name
        </label>
        <input
          ref={typedInputRef}
          id={ids.typedInput}
          type="text"
          className="input"
          value={typedName}
          autoComplete="name"
          maxLength={60}
          onChange={(event) => typeName(event.currentTarget.value)}
        />
      </div>
    </div>
  )
}
