import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { useTopLayer } from './top-layer.ts'

/**
 * A native modal <dialog> opened with showModal() while `open`: the rest of the page is inert, focus
 * stays inside, Escape asks the caller to close it (`onClose`; it stays open while `busy`), and focus
 * goes back to where it was unless the caller moves it (`restoreFocus={false}`). `initialFocus`
 * takes focus on opening (a safe choice such as Cancel); otherwise the browser's first focusable.
 * Every dialog has its Close button (×) in the same place, the top right corner of its header (ADR 035),
 * and notifications shown while it is open render inside it, above its backdrop (`top-layer.ts`).
 */
export function ModalDialog({
  open,
  onClose,
  className,
  danger = false,
  labelledBy,
  describedBy,
  initialFocus,
  restoreFocus = true,
  busy = false,
  children,
}: {
  open: boolean
  onClose: () => void
  className: string
  /** An error or a destructive choice: the top edge in the error colour. */
  danger?: boolean
  labelledBy: string
  describedBy?: string
  initialFocus?: RefObject<HTMLElement | null>
  restoreFocus?: boolean
  busy?: boolean
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const topLayer = useTopLayer()

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens and closes with `open` only
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const previous = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    const unregister = topLayer?.register(dialog)
    initialFocus?.current?.focus()
    return () => {
      unregister?.()
      if (dialog.open) dialog.close()
      if (restoreFocus) previous?.focus?.()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className={`modal${danger ? ' modal--danger' : ''} ${className}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // Closed by the browser (a second Escape may close it without a cancelable cancel event).
      onClose={() => {
        if (open) onClose()
      }}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onClose()
      }}
    >
      {open ? (
        <button
          type="button"
          className="modal__close"
          onClick={onClose}
          disabled={busy}
          aria-label="Close dialog"
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
      {children}
    </dialog>
  )
}
