import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import { type TopLayer, TopLayerContext } from '../top-layer.ts'
import { ErrorModal, type ErrorModalContent } from './error-modal.tsx'

export type NotificationKind = 'success' | 'error'

export interface Notification {
  id: number
  kind: NotificationKind
  message: string
  /** When it was shown (performance.now()), so a route change keeps what it itself caused. */
  shownAt: number
}

export interface NotifyOptions {
  /** Milliseconds before the notification closes itself; 0 keeps it until closed. */
  duration?: number
}

export interface Notify {
  success(message: string, options?: NotifyOptions): number
  error(message: string, options?: NotifyOptions): number
  dismiss(id: number): void
  /**
   * Closes the error notifications shown more than `keepMs` ago: the errors of earlier attempts,
   * once the page has moved on (a route change) or a later attempt succeeded.
   */
  clearErrors(keepMs?: number): void
  /** Opens the 'Application Error' modal. */
  showError(content: ErrorModalContent): void
}

const DEFAULT_DURATION: Record<NotificationKind, number> = { success: 5000, error: 8000 }
/** A route change keeps the errors shown this recently: they belong to it (e.g. a guard's refusal). */
const ROUTE_CHANGE_KEEP_MS = 1000

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now())

const NotifyContext = createContext<Notify | null>(null)

export function useNotify(): Notify {
  const notify = useContext(NotifyContext)
  if (!notify) throw new Error('useNotify must be used inside <NotificationsProvider>.')
  return notify
}

function NotificationItem({ notification, onClose }: { notification: Notification; onClose: () => void }) {
  const isError = notification.kind === 'error'
  return (
    <div
      className={`notification notification--${notification.kind}`}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <span className="notification__icon" aria-hidden="true">
        {isError ? '!' : '✓'}
      </span>
      <p className="notification__message">{notification.message}</p>
      <button type="button" className="notification__close" onClick={onClose} aria-label="Close notification">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

/**
 * Closes the errors of earlier attempts when the route changes (render it once, inside the router and
 * the provider). Errors shown in the last second stay: the change itself caused them.
 */
export function ClearErrorsOnRouteChange({ pathname }: { pathname: string }) {
  const { clearErrors } = useNotify()
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new pathname.
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    clearErrors(ROUTE_CHANGE_KEEP_MS)
  }, [pathname, clearErrors])
  return null
}

/**
 * Notifications (fixed top right, success and error styles, auto-dismiss with a close
 * button) and the 'Application Error' modal, for the whole app. While a modal dialog is open they render
 * inside it, so that its backdrop never hides them (ADR 035).
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<Notification[]>([])
  const [modal, setModal] = useState<ErrorModalContent | null>(null)
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id)
    if (timer) clearTimeout(timer)
    timers.current.delete(id)
    setNotifications((current) => current.filter((n) => n.id !== id))
  }, [])

  const clearErrors = useCallback((keepMs = 0) => {
    const before = now() - keepMs
    setNotifications((current) => {
      const kept = current.filter((n) => n.kind !== 'error' || n.shownAt > before)
      for (const gone of current) {
        if (kept.includes(gone)) continue
        clearTimeout(timers.current.get(gone.id))
        timers.current.delete(gone.id)
      }
      return kept.length === current.length ? current : kept
    })
  }, [])

  const push = useCallback(
    (kind: NotificationKind, message: string, options?: NotifyOptions) => {
      const id = nextId.current++
      setNotifications((current) => {
        // The same notification is never stacked twice: the earlier one makes way for the new one
        // (announced again). A success also ends the errors of the attempts before it.
        const kept = current.filter(
          (n) => !(n.kind === kind && n.message === message) && !(kind === 'success' && n.kind === 'error'),
        )
        for (const gone of current) {
          if (kept.includes(gone)) continue
          clearTimeout(timers.current.get(gone.id))
          timers.current.delete(gone.id)
        }
        return [...kept, { id, kind, message, shownAt: now() }]
      })
      const duration = options?.duration ?? DEFAULT_DURATION[kind]
      if (duration > 0)
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), duration),
        )
      return id
    },
    [dismiss],
  )

  // The open modal dialogs, newest last: notifications render inside the newest (top-layer.ts).
  const [dialogs, setDialogs] = useState<HTMLDialogElement[]>([])
  const topLayer = useMemo<TopLayer>(
    () => ({
      register(dialog) {
        setDialogs((current) => [...current.filter((open) => open !== dialog), dialog])
        return () => setDialogs((current) => current.filter((open) => open !== dialog))
      },
    }),
    [],
  )
  const host = dialogs.at(-1)

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
      pending.clear()
    }
  }, [])

  const notify = useMemo<Notify>(
    () => ({
      success: (message, options) => push('success', message, options),
      error: (message, options) => push('error', message, options),
      dismiss,
      clearErrors,
      showError: (content) => setModal(content),
    }),
    [push, dismiss, clearErrors],
  )

  const list = (
    <section className="notifications" aria-label="Notifications">
      {notifications.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          onClose={() => dismiss(notification.id)}
        />
      ))}
    </section>
  )

  return (
    <NotifyContext value={notify}>
      <TopLayerContext value={topLayer}>
        {children}
        {host ? createPortal(list, host) : list}
        <ErrorModal content={modal} onClose={() => setModal(null)} />
      </TopLayerContext>
    </NotifyContext>
  )
}
