import { type ReactNode, type RefObject, useEffect, useRef } from 'react'

/**
 * A native modal <dialog> opened with showModal() while `open`: the rest of the page is inert, focus
 * stays inside, Escape asks the caller to close it (`onClose`; it stays open while `busy`), and focus
 * goes back to where it was unless the caller moves it (`restoreFocus={false}`). `initialFocus`
 * takes focus on opening (a safe choice such as Cancel); otherwise the browser's first focusable.
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens and closes with `open` only
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const previous = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    initialFocus?.current?.focus()
    return () => {
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
      {children}
    </dialog>
  )
}
