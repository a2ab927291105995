import { MEMBER_TYPE, MESSAGES, type Profile, type ProfileSettings, profileSchema } from '@signalway/shared'
import { useId, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { AddressBlock, type AddressMode } from '../../../components/address/index.ts'
import {
  Checkbox,
  FormActions,
  MASKS,
  MaskedInput,
  PersonFields,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { toFormValues } from '../profile-values.ts'
import { AuthForm, useAccountErrors } from './auth-form.tsx'
import { CurrentPasswordField } from './password-field.tsx'

export interface ProfileFormProps {
  settings: ProfileSettings
  save: (values: Profile) => Promise<ProfileSettings>
  /** Called with the saved profile. */
  onSaved?: (settings: ProfileSettings) => void
  /**
   * How a company member's address block opens; by default as its data says. A page shown before its app
   * (ADR 029) opens it for manual entry, as its enhancement script filled it in.
   */
  addressMode?: AddressMode
}

/**
 * Update Profile (requirements §2, §5): first name, last name, email and mobile; for company members
 * (type 2) also company name, ABN, Employment Service Provider and the address block. The
 * member type is not editable. 'Your profile has been successfully updated.' / 'Unable to update
 * your profile.'
 */
export function ProfileForm({ settings, save, onSaved, addressMode }: ProfileFormProps) {
  const notify = useNotify()
  const headingId = useId()
  const form = useZodForm(profileSchema, { defaultValues: toFormValues(settings) })
  const errors = useAccountErrors(form)
  const company = settings.memberType === MEMBER_TYPE.CompanyMember
  // A new email waiting for its confirmation link.
  const [pending, setPending] = useState<{ to: string; from: string } | null>(null)

  const onSubmit = async (values: Profile) => {
    errors.clear()
    try {
      const saved = await save(values)
      form.reset(toFormValues(saved))
      setPending(saved.pendingEmail ? { to: saved.pendingEmail, from: saved.email } : null)
      notify.success(MESSAGES.profileUpdated)
      onSaved?.(saved)
    } catch (error) {
      errors.show(error)
      notify.error(MESSAGES.profileUpdateFailed)
    }
  }

  return (
    <AuthForm
      title="Your details"
      form={form}
      onSubmit={onSubmit}
      alert={errors.alert}
      actions={
        <FormActions>
          <SubmitButton busyLabel="Saving your profile…" variant="primary">
            Update Profile
          </SubmitButton>
        </FormActions>
      }
    >
      <PersonFields />
      <EmailChangePassword savedEmail={settings.email} />
      {pending ? (
        <p className="form-alert form-alert--success" role="status">
          {MESSAGES.emailChangePending(pending.to, pending.from)}
        </p>
      ) : null}
      {company ? (
        <section className="profile-company" aria-labelledby={`${headingId}company`}>
          <h3 id={`${headingId}company`} className="profile-company__title">
            Company details
          </h3>
          <div className="form-row">
            <TextField name="companyName" label="Company Name" autoComplete="organization" required />
            <MaskedInput name="abn" label="ABN" mask={MASKS.abn} placeholder="99 999 999 999" required />
          </div>
          <Checkbox name="employmentServiceProvider" label="Employment Service Provider" />
          <AddressBlock legend="Address" {...(addressMode ? { initialMode: addressMode } : {})} />
        </section>
      ) : null}
    </AuthForm>
  )
}

/**
 * The current password, asked for only while the email differs from the saved one: a changed email
 * must be confirmed by its new address, and a stolen session alone cannot start that.
 */
function EmailChangePassword({ savedEmail }: { savedEmail: string }) {
  const email = useWatch({ name: 'email' }) as unknown
  const changed = typeof email === 'string' && email.trim().toLowerCase() !== savedEmail.trim().toLowerCase()
  if (!changed) return null
  return (
    <CurrentPasswordField hint="Needed to change your email address. We will email the new address a link to confirm it." />
  )
}
