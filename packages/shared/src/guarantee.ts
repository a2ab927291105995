import { SITE } from './site.ts'

/**
 * The Guarantee and Indemnity printed for a Pty Ltd Company (customer type 0), signed by each
 * director as guarantor: printed in the signed PDF and shown on the form, word for word. Plain English,
 * numbered like the terms of hire.
 */
export function guaranteeClauses(customerName: string): { title: string; text: string }[] {
  const owner = `${SITE.legalName} (ABN ${SITE.abn}) (the Owner)`
  return [
    {
      title: 'Consideration',
      text: `In consideration of ${owner} agreeing, at the request of each person who signs below as guarantor (each a Guarantor), to open a credit account for and supply equipment on credit to ${customerName} (the Customer), each Guarantor agrees with the Owner as set out below.`,
    },
    {
      title: 'Guarantee',
      text: 'The Guarantors jointly and severally guarantee to the Owner the due and punctual payment of every amount that the Customer owes or may come to owe the Owner, now or in the future, under the Terms and Conditions of Hire or any hire, and the performance of all of the Customer’s other obligations to the Owner.',
    },
    {
      title: 'Indemnity',
      text: 'As a separate and independent obligation, the Guarantors jointly and severally indemnify the Owner against any loss, cost or expense (including legal costs and the costs of recovery) that the Owner incurs because the Customer fails to pay an amount or perform an obligation when due, or because an obligation of the Customer is or becomes void, voidable or unenforceable.',
    },
    {
      title: 'Continuing obligation',
      text: 'This guarantee and indemnity is a continuing obligation and stays in force until every amount owed by the Customer has been paid in full. It is not affected by any time or indulgence given to the Customer, any variation of the Terms and Conditions of Hire or of the credit limit, the insolvency, administration or winding up of the Customer, the death or bankruptcy of a Guarantor, or the release of any other Guarantor.',
    },
    {
      title: 'Demand',
      text: 'The Owner may make a claim against any one or more Guarantors without first taking action against the Customer or any other Guarantor. Each Guarantor must pay an amount due under this guarantee and indemnity within 7 days of the Owner’s written demand.',
    },
    {
      title: 'Acknowledgement',
      text: 'Each Guarantor acknowledges that they have read and understood this guarantee and indemnity and the Terms and Conditions of Hire, that they have had the opportunity to obtain independent legal advice before signing, and that they sign of their own free will. Each Guarantor consents to the Owner obtaining information about their credit worthiness from a credit reporting body to assess this application and to enforce this guarantee.',
    },
    {
      title: 'Governing law',
      text: 'This guarantee and indemnity is governed by the laws of Victoria.',
    },
  ]
}
