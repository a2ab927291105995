export { aboutPage, podcast, team } from './about.ts'
export { homePage, partners } from './home.ts'
export { brand, newsImages } from './images.ts'
export { findService, serviceSlugs, services } from './services.ts'
export { hireTerms, registrationTerms } from './terms.ts'
export type {
  AboutPage,
  Brand,
  CallToAction,
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
