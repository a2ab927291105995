/** Shapes of the static website content. Dates, news and other changing data come from the database. */

/** An image in `public/images`, with its intrinsic size (the SVG viewBox) and alternative text. */
export type ImageAsset = {
  src: string
  width: number
  height: number
  alt: string
  /** Other sizes of an uploaded image, for `srcset`. */
  srcSet?: string
}

export type ServiceSlug =
  | 'arrow-boards'
  | 'vms-boards'
  | 'portable-traffic-lights'
  | 'travel-times'
  | 'variable-speed-limit-signs'
  | 'truck-mounted-attenuators'
  | 'highway-trucks'
  | 'traffic-utes'
  | 'vms-utes'
  | 'portaboom'

export type Service = {
  slug: ServiceSlug
  /** Short name used in navigation, cards and the quote form. */
  name: string
  /** Page title, without the site name suffix. */
  title: string
  /** 140 to 160 characters. */
  metaDescription: string
  /** One sentence for the card grid. */
  summary: string
  /** Two paragraphs describing the equipment. */
  intro: string[]
  uses: string[]
  features: string[]
  /** What comes with the hire. */
  included: string[]
  image: ImageAsset
}

/** A numbered clause of the hire contract or of the website terms of use. */
export type TermsClause = {
  number: number
  title: string
  paragraphs: string[]
}

export type TeamMember = {
  name: string
  role: string
  bio: string
  /** Shown in a placeholder avatar; no photographs are supplied. */
  initials: string
}

export type Podcast = {
  heading: string
  title: string
  description: string
  /**
   * Listening URL. The business supplies it through the site configuration; while it is `null` the page
   * shows the text only and does not render the Listen Now button.
   */
  href: string | null
  linkLabel: string
}

export type Highlight = {
  title: string
  text: string
}

export type AboutPage = {
  title: string
  metaDescription: string
  heading: string
  paragraphs: string[]
  highlights: Highlight[]
  teamHeading: string
  teamIntro: string
}

export type Partner = {
  name: string
  /** The partner's website (from the site configuration); null for a partner without one. */
  href: string | null
  logo: Omit<ImageAsset, 'alt'>
}

export type CallToAction = {
  label: string
  href: string
}

export type HomePage = {
  title: string
  metaDescription: string
  hero: {
    heading: string
    subheading: string
    image: ImageAsset
    primaryAction: CallToAction
    secondaryAction: CallToAction
  }
  specialistHire: {
    heading: string
    text: string
  }
  aboutUs: {
    heading: string
    paragraphs: string[]
    action: CallToAction
  }
  partners: {
    heading: string
    text: string
  }
}

export type Brand = {
  /** For light backgrounds. */
  logo: ImageAsset
  /** White wordmark for dark (navy) backgrounds. */
  logoInverse: ImageAsset
  /** Square mark, for the favicon. */
  icon: ImageAsset
}

export type NewsImageSlug =
  | 'portaboom-units-on-the-gold-coast'
  | 'solar-vms-fleet-upgrade'
  | 'travel-time-boards-for-major-projects'
  | 'tma-operator-training-day'
  | 'carrum-downs-depot-opens'
