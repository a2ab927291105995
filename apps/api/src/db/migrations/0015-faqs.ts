import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * The FAQ moves from the code to the database (ADR 022), so staff keep it: a question, its answer in
 * Markdown, its category and its place in the category's order, with a version that refuses a save made
 * from an older copy. The questions the site shipped with are the first rows.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createTable('faqs')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    /** The question's anchor on the page, made from it when it was added and kept. */
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    /** The order within the category: smaller first. */
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'text')
    .execute()
  await db.schema.createIndex('faqs_order_idx').on('faqs').columns(['category', 'position']).execute()
  await db
    .insertInto('faqs')
    .values(SHIPPED.map((faq, index) => ({ ...faq, position: index + 1 })))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('faqs').execute()
}

/** The questions and answers as the site shipped them, consistent with the Terms and Conditions of Hire. */
const SHIPPED = [
  {
    slug: 'how-to-hire',
    category: 'Hiring and bookings',
    question: 'How do I hire equipment?',
    answer:
      'Request a quote online through our [Get a Quote](/get-a-quote/) page, or call us at any time. Tell us what you need, where and when, and we will confirm availability, price and delivery. Account customers can then book by phone or email; customers without an account pay before the equipment is delivered.',
  },
  {
    slug: 'minimum-hire-period',
    category: 'Hiring and bookings',
    question: 'Is there a minimum hire period?',
    answer:
      'Trailer-mounted equipment such as arrow boards, VMS boards and portable traffic lights has a minimum hire of one day, with daily, weekly and monthly rates. Operated equipment, such as a TMA with an operator, is charged by the shift, and the minimum shift length is set out in your quote. Minimum hire periods apply even if the equipment is returned early.',
  },
  {
    slug: 'booking-notice',
    category: 'Hiring and bookings',
    question: 'How much notice do you need?',
    answer:
      'The more notice you can give, the better, particularly for large projects, night works and long-term hires. We also understand that sites change at short notice and incidents happen, so call us at any hour: we are available 24 hours a day, 7 days a week and will tell you straight away what we can supply and when.',
  },
  {
    slug: 'delivery-areas',
    category: 'Delivery and collection',
    question: 'Do you deliver across Victoria and Queensland?',
    answer:
      'Yes. We deliver from our Victorian depots at Laverton and Carrum Downs, and from our Queensland depot at Molendinar on the Gold Coast. Our crew delivers, positions and collects the equipment, so you do not need to tow anything yourself.',
  },
  {
    slug: 'remote-areas',
    category: 'Delivery and collection',
    question: 'Do you charge extra for remote sites?',
    answer:
      'A remote area is any location more than 50 km from the depot the equipment is supplied from. Deliveries and collections in a remote area attract additional travel charges, which we include in your quote before the hire is confirmed.',
  },
  {
    slug: 'collection',
    category: 'Delivery and collection',
    question: 'How do I arrange collection at the end of the hire?',
    answer:
      'Send us an off-hire request by phone or email. We collect the equipment within 48 hours of request. Hire charges stop when we receive your off-hire request, as long as the equipment is secure and accessible at the agreed location. Please keep it secure until our crew arrives.',
  },
  {
    slug: 'credit-account',
    category: 'Accounts and payment',
    question: 'How do I open a credit account?',
    answer:
      'Complete the [Application for Credit](/application-for-credit/) on this website. It asks for your business details, the directors, partners or sole trader, your accounts payable contact, and your agreement to our [Terms and Conditions of Hire](/application-for-credit/terms-and-conditions/), signed on screen. You receive a signed PDF copy when you submit, and we contact you once the application has been assessed.',
  },
  {
    slug: 'payment-terms',
    category: 'Accounts and payment',
    question: 'What are your payment terms?',
    answer:
      'Accounts are due within 30 days of invoice. Customers without an approved credit account pay in full before the equipment is delivered or collected. All prices are quoted in Australian dollars and GST is added to every invoice.',
  },
  {
    slug: 'disputed-charges',
    category: 'Accounts and payment',
    question: 'What if I disagree with a charge on my invoice?',
    answer:
      'Let us know in writing within 20 business days of the invoice date, setting out the amount you dispute and why. Please pay the undisputed part of the invoice by the due date while we work through the disputed item with you.',
  },
  {
    slug: 'support-and-breakdowns',
    category: 'Equipment and operation',
    question: 'What happens if equipment breaks down?',
    answer:
      'Call us straight away: we are available 24 hours a day, 7 days a week. Many faults can be resolved over the phone or, for VMS boards, remotely. If not, we send a technician or a replacement unit as soon as possible. Please make the site safe, and do not attempt repairs yourself. If a breakdown is not your fault, you are not charged hire for the time the equipment could not be used.',
  },
  {
    slug: 'vms-programming',
    category: 'Equipment and operation',
    question: 'Who programs the VMS messages, and can we change them remotely?',
    answer:
      'We program your boards before delivery, using the wording in your approved traffic management plan, and can change messages for you on request at any time of the day or night. If you prefer, we set up secure remote access so your team can update and schedule messages itself. Messages should always match the wording approved for your site.',
  },
  {
    slug: 'solar-power',
    category: 'Equipment and operation',
    question: 'Do the boards need fuel or mains power?',
    answer:
      'No. Our arrow boards, VMS boards, portable traffic lights, travel time boards and variable speed limit signs run on solar panels with battery banks, and every unit leaves the depot fully charged. In heavily shaded spots and in winter, check the battery status during your daily inspection. Boards with remote monitoring alert us to low batteries, and we can swap batteries or units if needed.',
  },
  {
    slug: 'towing-licence',
    category: 'Equipment and operation',
    question: 'What do I need to tow a trailer-mounted board myself?',
    answer:
      'A standard car licence, a vehicle and tow bar rated for the trailer’s loaded mass, and a matching trailer plug for the lights and brakes. We tell you the trailer’s mass when you book and check the connection at handover. Most customers choose delivery instead, so the board is positioned by our crew.',
  },
  {
    slug: 'truck-licence',
    category: 'Equipment and operation',
    question: 'What licence do I need to drive a highway truck or a traffic ute?',
    answer:
      'Traffic utes and VMS utes can be driven on a standard car licence. Highway trucks need a Light Rigid, Medium Rigid or Heavy Rigid licence depending on the vehicle, and we confirm the class when you book. Every driver must hold a current licence of the right class, and we may ask to see it before handover. Drivers can also be supplied with the truck.',
  },
  {
    slug: 'tma-operation',
    category: 'Equipment and operation',
    question: 'Who operates the truck mounted attenuator?',
    answer:
      'You can hire a TMA with one of our experienced operators, or on dry hire if your drivers hold the licence and training that your project and road authority require. Either way, the TMA must be positioned and operated according to your traffic management plan. We can talk you through the options when you request a quote.',
  },
  {
    slug: 'traffic-management-plans',
    category: 'Safety and compliance',
    question: 'Do you prepare traffic management plans?',
    answer:
      'We supply and position equipment to your plan. Traffic management plans and traffic guidance schemes must be prepared by suitably qualified people in line with AS 1742.3 and the requirements of the road authority, whether that is the Department of Transport and Planning in Victoria, Transport and Main Roads in Queensland or the local council. We are happy to help you choose the right equipment for the scheme.',
  },
  {
    slug: 'daily-checks',
    category: 'Safety and compliance',
    question: 'What checks should we do while equipment is on hire?',
    answer:
      'Check the equipment daily: that it is displaying correctly, is still aimed at approaching traffic, is stable and secure, and that its battery is charged. Record the checks as your traffic management plan requires, and call us at once if anything is not working as it should.',
  },
  {
    slug: 'tolls',
    category: 'Tolls, damage and incidents',
    question: 'Who pays tolls on hired vehicles?',
    answer:
      'The hirer pays all tolls, fines and infringements incurred during the hire. Where a toll is charged to us, we pass it on to you with a toll administration fee of 25% plus GST. Infringement notices are nominated to the hirer.',
  },
  {
    slug: 'damage-and-accidents',
    category: 'Tolls, damage and incidents',
    question: 'What should I do if equipment is damaged or involved in an accident?',
    answer:
      'Make the site safe, call our 24/7 line, and report the accident to us within 24 hours with the date, time and location, details of any other vehicles and people involved, photographs and any police event number. The hirer is responsible for loss of or damage to the equipment during the hire, other than fair wear and tear, as set out in our [Terms and Conditions of Hire](/application-for-credit/terms-and-conditions/).',
  },
]
