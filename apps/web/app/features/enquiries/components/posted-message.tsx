import { MESSAGES } from '@signalway/shared'
import type { PostedEnquiry } from '../posted.ts'

/**
 * The answer to an enquiry form posted to its page (no JavaScript), where the app would have shown
 * a notification: the form's success message, the requirements' message for fields in error, or the
 * form's failure message.
 */
export function PostedMessage({
  posted,
  sent,
  failed,
}: {
  posted: PostedEnquiry | undefined
  sent: string
  failed: string
}) {
  if (!posted) return null
  if (posted.status === 'sent') {
    return (
      <p className="form-alert form-alert--success" role="status">
        {sent}
      </p>
    )
  }
  return (
    <p className="form-alert" role="alert">
      {posted.status === 'invalid' ? MESSAGES.formHasErrors : failed}
    </p>
  )
}
