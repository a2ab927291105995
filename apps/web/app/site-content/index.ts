export { aboutPage, podcast, team } from './about.ts'
export { faqCategories, faqs } from './faqs.ts'
export { homePage, partners } from './home.ts'
export { brand, newsImages } from './images.ts'
export { findService, serviceSlugs, services } from './services.ts'
export { hireTerms, registrationTerms } from './terms.ts'
export type {
  AboutPage,
  Brand,
  CallToAction,
  Faq,
  FaqCategory,
  Highlight,
  HomePage,
  ImageAsset,
  NewsImageSlug,
  Partner,
  Podcast,
  Service,
  ServiceSlug,
  TeamMember,
  TermsClause,
} from './types.ts'
