/** The privacy policy's text lives in @signalway/shared so that the API can offer it to staff to edit. */
export { PRIVACY_POLICY_DATE, privacyPolicy } from '@signalway/shared/privacy'
