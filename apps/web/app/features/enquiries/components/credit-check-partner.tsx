import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

export const CREDIT_CHECK_PARTNER_LOGO = {
  src: '/images/credit-check-partner.svg',
  width: 240,
  height: 96,
  alt: 'Veritrust Credit Check, our credit check partner',
} as const

/** The credit-check partner logo of the quote page (requirements §2), with a word on credit accounts. */
export function CreditCheckPartner() {
  return (
    <figure className="credit-partner">
      <img
        src={CREDIT_CHECK_PARTNER_LOGO.src}
        width={CREDIT_CHECK_PARTNER_LOGO.width}
        height={CREDIT_CHECK_PARTNER_LOGO.height}
        alt={CREDIT_CHECK_PARTNER_LOGO.alt}
        loading="lazy"
        decoding="async"
      />
      <figcaption className="credit-partner__caption">
        Credit checks for our hire accounts are handled by our partner.{' '}
        <Link to={paths.applicationForCredit.index}>Apply for a credit account</Link>
      </figcaption>
    </figure>
  )
}
