import { HONEYPOT_FIELD } from '@signalway/shared'
import { useId } from 'react'
import { useFormContext } from 'react-hook-form'

/**
 * The anti-spam trap: an input people never see, reach or hear (off screen,
 * aria-hidden, out of the tab order, no autofill). A bot that fills it gets a 201 and its
 * message is dropped by the server.
 */
export function HoneypotField() {
  const { register } = useFormContext()
  const id = useId()
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input {...register(HONEYPOT_FIELD)} id={id} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
