/**
 * The enquiry forms' schemas, imported by the forms when first used (`useZodForm` with a loader):
 * zod and the schemas stay out of the first JavaScript of the contact and quote pages (ADR 008).
 */
export { contactSchema, quoteSchema } from '@signalway/shared'
