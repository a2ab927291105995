import { HIRE_TERMS_VERSION } from '@signalway/shared/hire-terms-version'
import { hireTerms } from '@signalway/shared/terms'
import { Link } from 'react-router'
import { Checkbox, TextField } from '../../../components/form/index.ts'
import { TermsBox } from '../../../components/ui/terms-box.tsx'
import { paths } from '../../../lib/paths.ts'

/**
 * The Terms and Conditions of Hire the booking accepts: their text in a box that scrolls (reachable with the
 * keyboard), a link to their own page, the checkbox and the full name typed by the person accepting. The version
 * and the SHA-256 of this text are sent with the booking.
 */
export function TermsAcceptance() {
  return (
    <fieldset className="booking-form__group booking-terms">
      <legend className="booking-form__legend">Terms and Conditions of Hire</legend>
      <p>
        {`The hire is under our Terms and Conditions of Hire (version ${HIRE_TERMS_VERSION}). Read them here or on `}
        <Link to={paths.applicationForCredit.terms}>their own page</Link>.
      </p>
      <TermsBox clauses={hireTerms} level={3} />
      <Checkbox name="terms.accepted" label="I accept the Terms and Conditions of Hire" required />
      <TextField
        name="terms.name"
        label="Your full name"
        hint="Typed by the person accepting the terms for the account."
        autoComplete="name"
        maxLength={100}
        required
      />
    </fieldset>
  )
}
