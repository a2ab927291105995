import type { BookingDetail } from '@signalway/shared/bookings'
import { useEffect, useId, useRef, useState } from 'react'
import { z } from 'zod'
import { Form, FormActions, SubmitButton, TextArea, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import type { BookingApi } from '../api/bookings.ts'
import { BOOKING_FORM_MESSAGES, DECLINE_REASON_MAX } from '../messages.ts'

const declineSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: BOOKING_FORM_MESSAGES.declineReasonRequired })
    .max(DECLINE_REASON_MAX, { error: `The reason must be at most ${DECLINE_REASON_MAX} characters.` }),
})

/**
 * An Account admin's decision on a booking awaiting approval: Approve, or Decline with a reason, each sent with the
 * version seen. A decision from an older copy is refused (409): the booking is loaded again and it says so.
 */
export function ApprovalActions({
  accountId,
  booking,
  api,
  onDecided,
}: {
  accountId: number
  booking: BookingDetail
  api: BookingApi
  onDecided: () => void
}) {
  const notify = useNotify()
  const headingId = useId()
  const [declining, setDeclining] = useState(false)
  const [approving, setApproving] = useState(false)
  const declineButton = useRef<HTMLButtonElement>(null)
  const [refocus, setRefocus] = useState(false)
  const form = useZodForm(declineSchema, { defaultValues: { reason: '' } })
  // Back from the reason's form, the focus returns to the Decline button.
  useEffect(() => {
    if (declining || !refocus) return
    declineButton.current?.focus()
    setRefocus(false)
  }, [declining, refocus])

  const failed = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      notify.error(BOOKING_FORM_MESSAGES.decisionConflict)
      onDecided()
      return
    }
    notify.error(failureMessage(error, BOOKING_FORM_MESSAGES.decisionFailed))
  }
  const approve = async () => {
    setApproving(true)
    try {
      await api.approve(accountId, booking)
      notify.success(BOOKING_FORM_MESSAGES.approved(booking.reference))
      onDecided()
    } catch (error) {
      failed(error)
    }
    setApproving(false)
  }
  const decline = async ({ reason }: { reason: string }) => {
    try {
      await api.decline(accountId, booking, reason)
      notify.success(BOOKING_FORM_MESSAGES.declined(booking.reference))
      onDecided()
    } catch (error) {
      failed(error)
    }
  }

  return (
    <section className="booking-approval" aria-labelledby={headingId}>
      <h3 id={headingId}>Your approval</h3>
      <p className="booking-approval__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={approving}
          onClick={() => void approve()}
        >
          {approving ? 'Approving…' : 'Approve'}
        </button>
        {declining ? null : (
          <button
            ref={declineButton}
            type="button"
            className="button button--outline"
            onClick={() => setDeclining(true)}
          >
            Decline
          </button>
        )}
      </p>
      {declining ? (
        <Form form={form} onSubmit={decline} aria-label="Decline the booking">
          <TextArea
            name="reason"
            label="Reason for declining"
            rows={3}
            maxLength={DECLINE_REASON_MAX}
            required
          />
          <FormActions>
            <SubmitButton variant="danger" busyLabel="Declining…">
              Decline the Booking
            </SubmitButton>
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                setDeclining(false)
                setRefocus(true)
              }}
            >
              Cancel
            </button>
          </FormActions>
        </Form>
      ) : null}
    </section>
  )
}
