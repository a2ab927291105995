import { formatDateTime } from '@signalway/shared'
import type { OutboxItem } from '@signalway/shared/outbox'
import { useCallback, useEffect, useId, useState } from 'react'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError } from '../../../lib/api-client.ts'
import { listFailedMail } from '../api/list-failed-mail.ts'
import { retryMail } from '../api/retry-mail.ts'

export const MAIL_QUEUED = 'The message has been queued to be sent again.'
export const MAIL_RETRY_FAILED = 'Unable to send the message again.'
export const MAIL_LOAD_FAILED = 'Unable to load the undelivered mail.'

/** 'Undelivered mail': outbox messages that kept failing, each with a Retry button. */
export function UndeliveredMail() {
  const headingId = useId()
  const notify = useNotify()
  const [items, setItems] = useState<OutboxItem[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [retrying, setRetrying] = useState<number | null>(null)

  const load = useCallback(async () => {
    try {
      const page = await listFailedMail()
      setItems(page.items)
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  const retry = async (item: OutboxItem) => {
    setRetrying(item.id)
    try {
      await retryMail(item.id)
      setItems((current) => current?.filter((other) => other.id !== item.id) ?? null)
      notify.success(MAIL_QUEUED)
    } catch (error) {
      notify.error(isApiError(error) && error.status === 500 ? error.message : MAIL_RETRY_FAILED)
    } finally {
      setRetrying(null)
    }
  }

  return (
    <section className="undelivered" aria-labelledby={headingId}>
      <h2 id={headingId} className="undelivered__title">
        Undelivered mail
      </h2>
      {failed ? (
        <p className="undelivered__empty">{MAIL_LOAD_FAILED}</p>
      ) : items === null ? (
        <p className="undelivered__empty">Loading…</p>
      ) : items.length === 0 ? (
        <p className="undelivered__empty">No undelivered mail. Every message has been sent.</p>
      ) : (
        <ul className="undelivered__list">
          {items.map((item) => (
            <li key={item.id} className="undelivered__item">
              <div className="undelivered__text">
                <p className="undelivered__subject">{item.subject}</p>
                <p className="undelivered__meta">
                  To {item.to} · queued {formatDateTime(item.createdAt)} · {item.attempts}{' '}
                  {item.attempts === 1 ? 'attempt' : 'attempts'}
                </p>
                {item.lastError ? <p className="undelivered__error">{item.lastError}</p> : null}
              </div>
              <button
                type="button"
                className="button button--primary button--sm"
                onClick={() => void retry(item)}
                disabled={retrying === item.id}
                aria-busy={retrying === item.id || undefined}
              >
                Retry<span className="visually-hidden"> sending “{item.subject}”</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
