import { formatDateTime } from '@signalway/shared'
import { ENQUIRY_STATUSES, isEnquiryStatus } from '@signalway/shared/constants'
import type { Enquiry, EnquiryDetail } from '@signalway/shared/enquiry-inbox'
import { type ChangeEvent, useEffect, useId, useState } from 'react'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { getEnquiry } from '../api/get-enquiry.ts'
import { updateEnquiryStatus } from '../api/update-enquiry-status.ts'
import { replyMailto } from '../reply-link.ts'
import { KIND_LABELS, STATUS_LABELS } from '../types.ts'

export const STATUS_CHANGED = (label: string) => `The status has been changed to ${label}.`
export const STATUS_CHANGE_FAILED = 'Unable to change the status.'
export const ENQUIRY_LOAD_FAILED = 'Unable to load the enquiry.'

/**
 * One enquiry in a modal dialog (native <dialog>: focus kept inside, Escape closes, focus goes
 * back to the View button): every detail, a reply-by-email link and the status.
 */
export function EnquiryDialog({
  enquiry,
  onClose,
  onChanged,
}: {
  /** The row that was opened; null when closed. */
  enquiry: Enquiry | null
  onClose: () => void
  onChanged: (enquiry: EnquiryDetail) => void
}) {
  const titleId = useId()
  const statusId = useId()
  const notify = useNotify()
  const [detail, setDetail] = useState<EnquiryDetail | null>(null)
  const [saving, setSaving] = useState(false)
  const id = enquiry?.id

  useEffect(() => {
    setDetail(null)
    if (!id) return
    let cancelled = false
    getEnquiry(id)
      .then((loaded) => {
        if (!cancelled) setDetail(loaded)
      })
      .catch((error: unknown) => {
        if (cancelled) return
        notify.error(failureMessage(error, ENQUIRY_LOAD_FAILED))
      })
    return () => {
      cancelled = true
    }
  }, [id, notify])

  const shown: Enquiry | null = detail ?? enquiry

  const changeStatus = async (event: ChangeEvent<HTMLSelectElement>) => {
    const status = event.currentTarget.value
    if (!shown || !isEnquiryStatus(status) || status === shown.status) return
    setSaving(true)
    try {
      const updated = await updateEnquiryStatus(shown.id, status)
      setDetail(updated)
      onChanged(updated)
      notify.success(STATUS_CHANGED(STATUS_LABELS[updated.status]))
    } catch (error) {
      notify.error(failureMessage(error, STATUS_CHANGE_FAILED))
    } finally {
      setSaving(false)
    }
  }

  return (
    <ModalDialog open={enquiry !== null} onClose={onClose} className="enquiry-dialog" labelledBy={titleId}>
      {shown ? (
        <div className="enquiry-dialog__body">
          <div className="enquiry-dialog__header">
            <h2 id={titleId} className="enquiry-dialog__title">
              {KIND_LABELS[shown.kind]} from {shown.name}
            </h2>
            <button
              type="button"
              className="enquiry-dialog__close"
              onClick={onClose}
              aria-label="Close dialog"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <dl className="enquiry-dialog__details">
            <div>
              <dt>Received</dt>
              <dd>
                <time dateTime={shown.createdAt}>{formatDateTime(shown.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${encodeURIComponent(shown.email)}`}>{shown.email}</a>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                {shown.phone ? <a href={`tel:${shown.phone.replace(/[^\d+]/g, '')}`}>{shown.phone}</a> : '—'}
              </dd>
            </div>
            {shown.kind === 'quote' ? (
              <>
                <div>
                  <dt>Services</dt>
                  <dd>{shown.services.join(', ') || '—'}</dd>
                </div>
                <div>
                  <dt>Heard about us</dt>
                  <dd>{shown.source.join(', ') || '—'}</dd>
                </div>
              </>
            ) : null}
          </dl>
          <h3 className="enquiry-dialog__subtitle">Message</h3>
          <p className="enquiry-dialog__message">{shown.message}</p>
          {detail?.ip || detail?.userAgent ? (
            <p className="enquiry-dialog__meta">
              Sent from {detail.ip ?? 'an unknown address'}
              {detail.userAgent ? ` with ${detail.userAgent}` : ''}
            </p>
          ) : null}
          <div className="enquiry-dialog__actions">
            <div className="field enquiry-dialog__status">
              <label className="field__label" htmlFor={statusId}>
                Status
              </label>
              <div className="select">
                <select
                  id={statusId}
                  className="input input--select"
                  value={shown.status}
                  onChange={changeStatus}
                  disabled={saving}
                  aria-busy={saving || undefined}
                >
                  {ENQUIRY_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <a className="button button--accent" href={replyMailto(shown)}>
              Reply by email
            </a>
            <button type="button" className="button button--outline" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  )
}
