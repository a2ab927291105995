import {
  formatMobile,
  type ProfileFormValues,
  type ProfileSettings,
  profileSettingsToForm,
} from '@signalway/shared'
import { applyMask, MASKS } from '../../components/form/mask.ts'

/**
 * Profile settings -> the profile form's values, with the mobile and ABN in their masks (stored without spaces, the
 * ABN fails its length rule). Without React: the enhancement script fills the server's form in with them (ADR 028).
 */
export function toFormValues(settings: ProfileSettings): ProfileFormValues & { currentPassword: string } {
  const values = profileSettingsToForm(settings)
  return {
    ...values,
    currentPassword: '',
    mobile: formatMobile(values.mobile),
    abn: values.abn === '' ? '' : applyMask(values.abn, MASKS.abn),
  }
}
