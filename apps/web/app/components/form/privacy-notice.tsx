import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'

/**
 * The one-line collection notice of a form that takes personal information (APP 5): why, and where
 * the privacy policy is.
 */
export function PrivacyNotice({ purpose }: { purpose: string }) {
  return (
    <p className="privacy-notice">
      We use these details {purpose}. See our <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
    </p>
  )
}
