import {
  formatMobile,
  MEMBER_TYPE,
  MESSAGES,
  type Profile,
  type ProfileFormValues,
  type ProfileSettings,
  profileSchema,
  profileSettingsToForm,
} from '@signalway/shared'
import { useId, useState } from 'react'
import { AddressBlock } from '../../../components/address/index.ts'
import {
  applyMask,
  applyServerErrors,
  Checkbox,
  Form,
  FormActions,
  MASKS,
  MaskedInput,
  PersonFields,
  RequiredFieldsNote,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'

/** Profile settings -> form values, with the mobile and ABN in their masks (stored without spaces, the ABN fails its length rule). */
export function toFormValues(settings: ProfileSettings): ProfileFormValues {
  const values = profileSettingsToForm(settings)
  return {
    ...values,
    mobile: formatMobile(values.mobile),
    abn: values.abn === '' ? '' : applyMask(values.abn, MASKS.abn),
  }
}

export interface ProfileFormProps {
  settings: ProfileSettings
  save: (values: Profile) => Promise<ProfileSettings>
  /** Called with the saved profile. */
  onSaved?: (settings: ProfileSettings) => void
}

/**
 * Update Profile (SPEC.md §2, §5): first name, last name, email and mobile; for company members
 * (type 2) also company name, ABN, Employment Service Provider and the address block. The
 * member type is not editable. 'Your profile has been successfully updated.' / 'Unable to update
 * your profile.'
 */
export function ProfileForm({ settings, save, onSaved }: ProfileFormProps) {
  const notify = useNotify()
  const headingId = useId()
  const [alert, setAlert] = useState<string | null>(null)
  const form = useZodForm(profileSchema, { defaultValues: toFormValues(settings) })
  const company = settings.memberType === MEMBER_TYPE.CompanyMember

  const onSubmit = async (values: Profile) => {
    setAlert(null)
    try {
      const saved = await save(values)
      form.reset(toFormValues(saved))
      notify.success(MESSAGES.profileUpdated)
      onSaved?.(saved)
    } catch (error) {
      if (isApiError(error)) {
        const message = serverMessage(error)
        if (error.status === 409 && message)
          form.setError('email', { type: 'server', message }, { shouldFocus: true })
        else if (error.status === 429 && message) setAlert(message)
        else applyServerErrors(form, error)
      }
      notify.error(MESSAGES.profileUpdateFailed)
    }
  }

  return (
    <>
      <h2 id={headingId} className="auth-panel__title">
        Your details
      </h2>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="auth-form">
        <RequiredFieldsNote />
        <PersonFields />
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
            <AddressBlock legend="Address" />
          </section>
        ) : null}
        {alert ? (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        ) : null}
        <FormActions>
          <SubmitButton busyLabel="Saving your profile…" variant="primary">
            Update Profile
          </SubmitButton>
        </FormActions>
      </Form>
    </>
  )
}
