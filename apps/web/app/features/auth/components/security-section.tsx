import { useState } from 'react'
import { AuthPanel } from './auth-panel.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { PasskeyPanel } from './passkey-panel.tsx'
import { SessionList } from './session-list.tsx'
import { TwoStepPanel } from './two-step-panel.tsx'

/** The anchor of the profile's Security section (/update-profile/#security). */
export const SECURITY_SECTION_ID = 'security'

/**
 * The profile's Security section: change the password, two-step sign-in, passkeys, and see and end the
 * sessions of the account. A password change ends the other sessions (and may remove the passkeys), so those
 * lists load again after one. It is rendered with the page (ADR 034); its lists load once `active` (the profile's
 * details are in: an administrator who must set up a second factor first is sent there before anything is asked).
 */
export function SecuritySection({ active = true }: { active?: boolean }) {
  const [version, setVersion] = useState(0)
  return (
    <section id={SECURITY_SECTION_ID} className="security-section" aria-labelledby="security-title">
      <div className="container">
        <h2 id="security-title" className="security-section__title">
          Security
        </h2>
      </div>
      <AuthPanel wide>
        <ChangePasswordForm onChanged={() => setVersion((n) => n + 1)} />
      </AuthPanel>
      <AuthPanel wide>
        <TwoStepPanel active={active} />
      </AuthPanel>
      <AuthPanel wide>
        <PasskeyPanel version={version} active={active} />
      </AuthPanel>
      <AuthPanel wide>
        <SessionList version={version} active={active} />
      </AuthPanel>
    </section>
  )
}
