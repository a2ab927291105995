/**
 * The terms texts: the Terms and Conditions of Hire (the hire contract agreed to in the
 * Application for Credit, and printed in its PDF) and the website terms of use accepted on
 * registration. Shared by the web app and the API.
 */

/** One numbered clause: a title and its paragraphs. */
export type TermsClause = {
  number: number
  title: string
  paragraphs: string[]
}

/** Terms and Conditions of Hire: the hire contract agreed to in the Application for Credit. */
export const hireTerms: TermsClause[] = [
  {
    number: 1,
    title: 'Definitions and interpretation',
    paragraphs: [
      'In these terms, Owner means Signalway Traffic Hire; Hirer means the person, firm or company named in the application for credit, quote or hire docket, and includes its employees, agents and contractors; and Equipment means the equipment, vehicles and accessories described in the quote, hire docket or invoice, including any replacement equipment.',
      'Hire Period means the period starting when the Equipment leaves the Owner’s depot or is collected by the Hirer, and ending as set out in clause 2. Depot, or the depot, means the Owner’s depot from which the Equipment is supplied. Business day means a day other than a Saturday, Sunday or public holiday in Victoria. Remote area means any location more than 50 km from the depot.',
      'These terms apply to every hire of Equipment by the Owner to the Hirer, together with any quote or hire docket. If there is an inconsistency, these terms prevail unless the Owner agrees otherwise in writing.',
    ],
  },
  {
    number: 2,
    title: 'Hire period, delivery and collection',
    paragraphs: [
      'The Owner will deliver the Equipment to the site nominated by the Hirer, or make it available for collection from the depot, at the agreed time. Delivery times are estimates, and the Owner is not liable for delays caused by circumstances beyond its reasonable control.',
      'Deliveries to and collections from a remote area attract additional travel charges, which the Owner will quote before the hire is confirmed.',
      'When the Equipment is no longer required, the Hirer must give the Owner an off-hire request by phone or email. The Owner will carry out equipment collection within 48 hours of request. The Hire Period ends when the Owner receives the off-hire request, provided the Equipment is secure and accessible for collection at the agreed location, or when the Hirer returns the Equipment to the depot.',
      'If the Equipment is not available for collection at the agreed place and time, hire charges continue and the Hirer must pay the cost of any further collection attempt. Any minimum hire period stated in the quote applies even if the Equipment is off-hired early.',
    ],
  },
  {
    number: 3,
    title: 'Hire charges and payment',
    paragraphs: [
      'The Hirer must pay the hire charges, delivery and collection charges and any other charges set out in the quote or hire docket, together with GST.',
      'Where the Owner has approved a credit account for the Hirer, accounts are due within 30 days of invoice. Where no credit account has been approved, the Hirer must pay in full before the Equipment is delivered or collected.',
      'If any amount is overdue, the Owner may suspend the Hirer’s account, decline further hires and recover from the Hirer all reasonable costs of recovering the overdue amount, including debt collection and legal costs.',
      'The Owner may vary its hire rates by written notice to the Hirer. Varied rates apply only to hire periods after the date of the notice.',
    ],
  },
  {
    number: 4,
    title: 'Tolls, fines and infringements',
    paragraphs: [
      'The Hirer is responsible for all tolls, parking fees, fines and infringement notices incurred in connection with the Equipment during the Hire Period.',
      'Where a toll is charged to the Owner, the Owner will invoice the toll to the Hirer together with a toll administration fee of 25% plus GST.',
      'Where an infringement notice is issued to the Owner, the Owner may nominate the Hirer, or the driver identified by the Hirer, as the person responsible, and the Hirer must provide any information the Owner needs to do so.',
    ],
  },
  {
    number: 5,
    title: 'Use of the Equipment',
    paragraphs: [
      'The Hirer must use the Equipment only for its intended purpose, safely, and in accordance with the Owner’s and the manufacturer’s instructions, the traffic management plan approved for the site, AS 1742.3 Manual of uniform traffic control devices, Part 3: Traffic control for works on roads, and all applicable laws and road authority requirements.',
      'The Hirer must ensure that anyone who drives, tows or operates the Equipment holds the licence, accreditation and training required by law, and that any vehicle used to tow trailer-mounted Equipment is rated and equipped to do so.',
      'The Hirer must not sub-hire, lend, sell or encumber the Equipment, alter or repair it, remove or cover its markings, or take it to another state or territory, without the Owner’s prior written consent.',
      'The Hirer must keep the Equipment secure, inspect it daily while on hire, including its display and battery status, and allow the Owner access at reasonable times to inspect, service or repair it.',
    ],
  },
  {
    number: 6,
    title: 'Risk, loss and damage',
    paragraphs: [
      'Risk in the Equipment passes to the Hirer when it is delivered to the Hirer or collected from the depot, and stays with the Hirer until the Equipment is collected by or returned to the Owner.',
      'The Hirer is responsible for loss of or damage to the Equipment during the Hire Period, other than fair wear and tear. The Hirer must pay the cost of repair or, if the Equipment is lost, stolen or cannot be economically repaired, its replacement cost, together with hire charges for the period the Equipment cannot be hired out.',
      'The Hirer must hold adequate insurance while the Equipment is in its care, including public liability insurance, and provide evidence of it on request.',
      'The Equipment remains the property of the Owner at all times. The Hirer acknowledges that these terms may create a security interest under the Personal Property Securities Act 2009 (Cth) and consents to the Owner registering it.',
    ],
  },
  {
    number: 7,
    title: 'Accidents, breakdowns and incidents',
    paragraphs: [
      'If the Equipment breaks down or does not operate correctly, the Hirer must make the site safe, stop using the Equipment if it is unsafe to continue, and notify the Owner immediately on its 24-hour number. The Hirer must not attempt repairs without the Owner’s approval.',
      'The Hirer must report any accident, theft, vandalism or damage involving the Equipment to the Owner within 24 hours. The accident report must give the date, time and location, details of any other people and vehicles involved, photographs and any police event number.',
      'Where a breakdown is not caused by the Hirer, the Owner will repair or replace the Equipment as soon as reasonably practicable and will not charge hire for the time the Equipment could not be used.',
      'The Hirer must not admit liability to any third party on the Owner’s behalf, and must cooperate with the Owner and its insurers in relation to any claim.',
    ],
  },
  {
    number: 8,
    title: 'Default and termination',
    paragraphs: [
      'The Hirer is in default if it fails to pay an amount when due, breaches these terms, becomes insolvent, enters into administration or liquidation, or ceases to carry on business.',
      'If the Hirer breaches these terms and the breach can be remedied, the Owner may give the Hirer written notice requiring the breach to be remedied within 5 business days. If the breach is not remedied within that breach remedy period, the Owner may end the hire and any other hire with the Hirer.',
      'The Owner may end the hire immediately, without a remedy period, if the breach cannot be remedied, or if the Equipment is at risk of loss or damage or is being used unsafely or unlawfully.',
      'When a hire ends under this clause, the Hirer authorises the Owner to enter the site where the Equipment is located to recover it, and must pay all amounts owing, including the reasonable costs of recovery.',
    ],
  },
  {
    number: 9,
    title: 'Disputed charges',
    paragraphs: [
      'Charge disputes must be notified to the Owner in writing within 20 business days of the date of the invoice, setting out the amount in dispute and the reasons for the dispute.',
      'The Hirer must pay the undisputed part of the invoice by the due date. The parties will work together in good faith to resolve the dispute promptly.',
      'A charge that is not disputed within 20 business days of the invoice date is taken to be accepted, except in the case of an obvious error.',
    ],
  },
  {
    number: 10,
    title: 'General',
    paragraphs: [
      'Nothing in these terms excludes, restricts or modifies any right or remedy the Hirer has under the Australian Consumer Law that cannot lawfully be excluded. To the extent permitted by law, the Owner is not liable for any indirect or consequential loss, including loss of profit or delay costs, arising from the hire or from any failure of the Equipment.',
      'These terms, together with the Hirer’s application for credit and any quote or hire docket, form the entire agreement between the parties. A variation is effective only if the Owner agrees to it in writing.',
      'If any provision of these terms is invalid or unenforceable, it is severed and the remaining provisions continue in full force.',
      'These terms are governed by the laws of Victoria, and the parties submit to the non-exclusive jurisdiction of the courts of Victoria.',
    ],
  },
]

/** Website terms of use, accepted when registering (linked from /terms-and-conditions/). */
export const registrationTerms: TermsClause[] = [
  {
    number: 1,
    title: 'About these terms',
    paragraphs: [
      'These terms of use apply to the Signalway Traffic Hire website and to the customer account you create on it. By registering, or by ticking the box to accept these terms, you agree to them.',
      'The hire of equipment is governed separately by our Terms and Conditions of Hire, which form part of every quote, hire and credit account.',
    ],
  },
  {
    number: 2,
    title: 'Your account',
    paragraphs: [
      'You must give accurate, current details when you register and keep them up to date through your profile.',
      'Keep your password confidential. You are responsible for activity on your account, and you must tell us promptly if you believe someone else has used it. We may suspend or close an account that is misused.',
    ],
  },
  {
    number: 3,
    title: 'Using the website',
    paragraphs: [
      'You may use this website only for lawful purposes connected with hiring equipment or finding out about our services.',
      'You must not attempt to gain unauthorised access to the website or its systems, interfere with its operation, introduce malicious code, or collect content or data from it by automated means.',
    ],
  },
  {
    number: 4,
    title: 'Quotes and information',
    paragraphs: [
      'Information on this website is general in nature. Prices, availability and delivery times are confirmed only in a written quote or hire docket.',
      'Equipment descriptions are not a substitute for a traffic management plan. Equipment must be used in accordance with your approved plan, AS 1742.3 and the requirements of the relevant road authority.',
    ],
  },
  {
    number: 5,
    title: 'Privacy',
    paragraphs: [
      'We collect the personal information you give us, such as your name, email address, mobile number and company details, to manage your account, respond to enquiries and quote requests, and assess credit applications.',
      'We handle personal information in accordance with the Privacy Act 1988 (Cth) and the Australian Privacy Principles. We do not sell your personal information, and you may ask to access or correct the information we hold about you.',
    ],
  },
  {
    number: 6,
    title: 'Intellectual property',
    paragraphs: [
      'The content of this website, including its text, images and logos, is owned by or licensed to Signalway Traffic Hire. You must not copy or reuse it without our written permission, other than as permitted by law.',
    ],
  },
  {
    number: 7,
    title: 'Liability',
    paragraphs: [
      'We aim to keep this website accurate and available, but we do not guarantee that it will be uninterrupted or free of errors.',
      'Nothing in these terms excludes any right you have under the Australian Consumer Law that cannot lawfully be excluded. Otherwise, to the extent permitted by law, we are not liable for any loss arising from your use of the website.',
    ],
  },
  {
    number: 8,
    title: 'Changes and governing law',
    paragraphs: [
      'We may update these terms from time to time. The current version is always available on this page, and continuing to use your account after a change means you accept the updated terms.',
      'These terms are governed by the laws of Victoria.',
    ],
  },
]
