/** The terms texts live in @signalway/shared so that the API can print them in the credit application PDF. */
export { hireTerms, registrationTerms, type TermsClause } from '@signalway/shared/terms'
