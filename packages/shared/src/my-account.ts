import { z } from 'zod'
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from './constants.ts'
import { CREDIT_STATUSES } from './credit-admin.ts'
import { myCustomerAccountSchema } from './customer-accounts.ts'
import { hireDetailsSchema } from './hire-details.ts'

/*
 * The customer's account area (/my-account/): their enquiries and quote requests with the status
 * staff set, and their credit applications with status and PDF. A record is theirs when it was sent while
 * signed in with the account, or its email is the account's and that address has been confirmed.
 */

export { ENQUIRY_KIND_WORDS, ENQUIRY_STATUS_WORDS, MY_ACCOUNT_MESSAGES } from './my-account-words.ts'

export const myEnquirySchema = z.object({
  id: z.string(),
  kind: z.enum(ENQUIRY_KINDS),
  status: z.enum(ENQUIRY_STATUSES),
  createdAt: z.string(),
  services: z.array(z.string()),
  hireDetails: hireDetailsSchema.nullable(),
  /** The start of the message, to recognise it by. */
  excerpt: z.string(),
})
export type MyEnquiry = z.infer<typeof myEnquirySchema>

export const myCreditApplicationSchema = z.object({
  reference: z.string(),
  businessName: z.string(),
  status: z.enum(CREDIT_STATUSES),
  submittedAt: z.string(),
})
export type MyCreditApplication = z.infer<typeof myCreditApplicationSchema>

export const myAccountSchema = z
  .object({
    email: z.string(),
    /** Whether records sent with this address while signed out show here. */
    emailConfirmed: z.boolean(),
    enquiries: z.array(myEnquirySchema),
    creditApplications: z.array(myCreditApplicationSchema),
    /** The company customer accounts they are a member of (requirements §18). */
    customerAccounts: z.array(myCustomerAccountSchema),
    /**
     * Whether they are a driver (a staff role, ADR 050): My Account then links to their runs. Left out is not a
     * driver; GET /api/runs answers 403 to anyone who is not one.
     */
    driver: z.boolean().optional(),
  })
  .meta({ id: 'MyAccount' })
export type MyAccount = z.infer<typeof myAccountSchema>

export const myCreditReferenceParamsSchema = z.object({ reference: z.string().trim().min(1).max(40) })
