import { SITE } from '@signalway/shared/site'

/** How the business signs the emails it sends to people: its name, phone, email and hours. */
export const MAIL_SIGNATURE = [
  'Kind regards,',
  SITE.name,
  `${SITE.phone.display} | ${SITE.enquiriesEmail}`,
  SITE.openingHours.long,
].join('\n')
