import { formatDateTime } from '@signalway/shared'
import type { StaffMember } from '@signalway/shared/back-office'
import { ENQUIRY_STATUSES, isEnquiryStatus } from '@signalway/shared/constants'
import type { Enquiry, EnquiryDetail } from '@signalway/shared/enquiry-inbox'
import { hireDetailLines } from '@signalway/shared/hire-details'
import { type ChangeEvent, useEffect, useId, useState } from 'react'
import { InternalNotes } from '../../../components/back-office/internal-notes.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { failureMessage } from '../../../lib/api-client.ts'
import { listStaff } from '../../../lib/staff.ts'
import { getEnquiry } from '../api/get-enquiry.ts'
import { addEnquiryNote, assignEnquiry, updateEnquiryStatus } from '../api/update-enquiry-status.ts'
import { replyMailto } from '../reply-link.ts'
import { KIND_LABELS, STATUS_LABELS } from '../types.ts'

export const STATUS_CHANGED = (label: string) => `The status has been changed to ${label}.`
export const STATUS_CHANGE_FAILED = 'Unable to change the status.'
export const ENQUIRY_LOAD_FAILED = 'Unable to load the enquiry.'
export const ASSIGNED = (name: string | null) => (name ? `Assigned to ${name}.` : 'Nobody is assigned now.')
export const ASSIGN_FAILED = 'Unable to change who is assigned.'

/**
 * One enquiry in a modal dialog (native <dialog>: focus kept inside, Escape closes, focus goes
 * back to the View button): every detail, a reply-by-email link, the status, who is assigned
 * and the staff's internal notes.
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
  const notify = useNotify()
  const [detail, setDetail] = useState<EnquiryDetail | null>(null)
  const [saving, setSaving] = useState(false)
  const [staff, setStaff] = useState<StaffMember[]>([])
  const id = enquiry?.id
  const open = enquiry !== null

  // The administrators work can be assigned to, once the dialog first opens.
  useEffect(() => {
    if (!open || staff.length > 0) return
    let cancelled = false
    listStaff()
      .then((members) => {
        if (!cancelled) setStaff(members)
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [open, staff.length])

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

  const changeAssignee = async (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.currentTarget.value
    if (!shown) return
    setSaving(true)
    try {
      const updated = await assignEnquiry(shown.id, value === '' ? null : Number(value))
      setDetail(updated)
      onChanged(updated)
      notify.success(ASSIGNED(updated.assignee?.name ?? null))
    } catch (error) {
      notify.error(failureMessage(error, ASSIGN_FAILED))
    } finally {
      setSaving(false)
    }
  }

  const assignees = [...staff]
  if (shown?.assignee && !assignees.some((member) => member.id === shown.assignee?.id)) {
    assignees.push(shown.assignee)
  }

  return (
    <ModalDialog open={enquiry !== null} onClose={onClose} className="enquiry-dialog" labelledBy={titleId}>
      {shown ? (
        <div className="enquiry-dialog__body">
          <div className="enquiry-dialog__header">
            <h2 id={titleId} className="enquiry-dialog__title">
              {KIND_LABELS[shown.kind]} from {shown.name}
            </h2>
          </div>
          <dl className="enquiry-dialog__details">
            <div>
              <dt>Reference</dt>
              <dd>{shown.reference}</dd>
            </div>
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
                {hireDetailLines(shown.hireDetails).map((line) => (
                  <div key={line.label}>
                    <dt>{line.label}</dt>
                    <dd>{line.value}</dd>
                  </div>
                ))}
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
            <PlainSelect
              label="Status"
              className="enquiry-dialog__status"
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
            </PlainSelect>
            <PlainSelect
              label="Assigned to"
              className="enquiry-dialog__status"
              value={shown.assignee ? String(shown.assignee.id) : ''}
              onChange={changeAssignee}
              disabled={saving}
              aria-busy={saving || undefined}
            >
              <option value="">Nobody yet</option>
              {assignees.map((member) => (
                <option key={member.id} value={String(member.id)}>
                  {member.name}
                </option>
              ))}
            </PlainSelect>
            <a className="button button--accent" href={replyMailto(shown)}>
              Reply by email
            </a>
            <button type="button" className="button button--outline" onClick={onClose}>
              Close
            </button>
          </div>
          {detail ? (
            <InternalNotes
              level={3}
              className="enquiry-dialog__notes"
              notes={detail.notes}
              add={(body) => addEnquiryNote(detail.id, body)}
              onAdded={(note) => setDetail({ ...detail, notes: [...detail.notes, note] })}
            />
          ) : null}
        </div>
      ) : null}
    </ModalDialog>
  )
}
