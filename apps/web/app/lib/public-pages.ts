import { SERVICES } from '@signalway/shared'
import { paths } from './paths.ts'

/**
 * Every public, indexable page of requirements §2 and §6, canonical form. Not listed: the forgot and
 * reset password pages, logout, the private pages, the status pages and the playground (all
 * noindex or private).
 */
export function publicPagePaths(): string[] {
  return [
    paths.home,
    paths.about,
    paths.services.index,
    ...SERVICES.map((service) => paths.services.detail(service.slug)),
    paths.news,
    paths.faqs,
    paths.contactUs,
    paths.getAQuote,
    paths.register,
    paths.login,
    paths.applicationForCredit.index,
    paths.applicationForCredit.terms,
    paths.termsAndConditions,
    paths.privacyPolicy,
  ]
}
