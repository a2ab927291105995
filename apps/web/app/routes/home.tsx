import { SITE } from '@signalway/shared'
import { Link } from 'react-router'
import { EquipmentCarousel } from '../features/home/equipment-carousel.tsx'
import { PartnersCarousel } from '../features/home/partners-carousel.tsx'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { homePage } from '../site-content/home.ts'
import type { Route } from './+types/home'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: homePage.title,
    description: homePage.metaDescription,
    path: paths.home,
  })

const { hero, aboutUs, specialistHire, partners } = homePage

/**
 * Home (requirements §2): image header, the Specialist Hire carousel of the 10 equipment types,
 * About Us with Learn More, and the Partners carousel.
 */
export default function Home() {
  return (
    <>
      <section className="hero surface-dark" aria-labelledby="home-title">
        <div className="container hero__inner">
          <div>
            <p className="hero__eyebrow">Victoria &amp; Queensland · 24/7</p>
            <h1 className="hero__title" id="home-title">
              {hero.heading}
            </h1>
            <p className="hero__lead">{hero.subheading}</p>
            <div className="hero__actions">
              <Link className="button button--accent button--lg" to={paths.getAQuote}>
                {hero.primaryAction.label}
              </Link>
              <a className="button button--outline-light button--lg" href={SITE.phone.href}>
                Call {SITE.phone.display}
              </a>
            </div>
          </div>
          <img
            className="hero__image"
            src={hero.image.src}
            width={hero.image.width}
            height={hero.image.height}
            alt={hero.image.alt}
            fetchPriority="high"
          />
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="section-intro">
            <h2 id="home-services">{specialistHire.heading}</h2>
            <p className="lead">{specialistHire.text}</p>
          </div>
          <EquipmentCarousel labelledBy="home-services" />
          <p className="section-more">
            <Link to={paths.services.index}>See all our services</Link>
          </p>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="home-about">
        <div className="container">
          <div className="prose">
            <h2 id="home-about">{aboutUs.heading}</h2>
            {aboutUs.paragraphs.map((paragraph, index) => (
              <p key={paragraph} className={index === 0 ? 'lead' : undefined}>
                {paragraph}
              </p>
            ))}
            <Link className="button button--primary" to={paths.about}>
              {aboutUs.action.label}
              <span className="visually-hidden"> about {SITE.name}</span>
            </Link>
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="section-intro">
            <h2 id="home-partners">{partners.heading}</h2>
            <p className="lead">{partners.text}</p>
          </div>
          <PartnersCarousel labelledBy="home-partners" />
        </div>
      </section>
    </>
  )
}
