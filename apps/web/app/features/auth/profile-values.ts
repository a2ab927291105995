import { formatMobile } from '@signalway/shared/mobile'
import {
  type ProfileFormValues,
  type ProfileSettingsValues,
  profileSettingsToForm,
} from '@signalway/shared/profile-form'
import { applyMask, MASKS } from '../../components/form/mask.ts'

/**
 * Profile settings -> the profile form's values, with the mobile and ABN in their masks (stored without spaces, the
 * ABN fails its length rule). Without React or zod: the enhancement script fills the server's form in with them
 * (ADR 029), and must stay small.
 */
export function toFormValues(
  settings: ProfileSettingsValues,
): ProfileFormValues & { currentPassword: string } {
  const values = profileSettingsToForm(settings)
  return {
    ...values,
    currentPassword: '',
    mobile: formatMobile(values.mobile),
    abn: values.abn === '' ? '' : applyMask(values.abn, MASKS.abn),
  }
}
