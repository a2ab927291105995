import type { Faq } from '@signalway/shared/faqs'

/** A few questions as GET /api/faqs answers them (page order), for the FAQ page's tests. */
export const SAMPLE_FAQS: Faq[] = [
  {
    id: 1,
    slug: 'how-to-hire',
    category: 'Hiring and bookings',
    question: 'How do I hire equipment?',
    html: '<p>Use our <a href="/get-a-quote/">Get a Quote</a> page, or call us at any time.</p>\n',
    text: 'Use our Get a Quote page, or call us at any time.',
  },
  {
    id: 2,
    slug: 'delivery-areas',
    category: 'Delivery and collection',
    question: 'Do you deliver across Victoria and Queensland?',
    html: '<p>Yes, from Laverton, Carrum Downs and Molendinar.</p>\n',
    text: 'Yes, from Laverton, Carrum Downs and Molendinar.',
  },
  {
    id: 3,
    slug: 'credit-account',
    category: 'Accounts and payment',
    question: 'How do I open a credit account?',
    html: '<p>Complete the <a href="/application-for-credit/">Application for Credit</a> online.</p>\n',
    text: 'Complete the Application for Credit online.',
  },
  {
    id: 4,
    slug: 'licences',
    category: 'Equipment and operation',
    question: 'What licence do I need to drive a highway truck?',
    html: '<p>A <strong>medium rigid</strong> licence.</p>\n<p>Ask us if unsure.</p>\n',
    text: 'A medium rigid licence. Ask us if unsure.',
  },
  {
    id: 5,
    slug: 'tolls',
    category: 'Tolls, damage and incidents',
    question: 'Who pays tolls on hired vehicles?',
    html: '<p>You do, plus a toll administration fee of 25% plus GST.</p>\n',
    text: 'You do, plus a toll administration fee of 25% plus GST.',
  },
  {
    id: 6,
    slug: 'toll-disputes',
    category: 'Tolls, damage and incidents',
    question: 'Can I dispute a toll notice?',
    html: '<p>Yes, within 14 days.</p>\n',
    text: 'Yes, within 14 days.',
  },
]
