import { PageHeader } from '../components/ui/page-header.tsx'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { aboutPage, podcast, team } from '../site-content/about.ts'
import type { Route } from './+types/about'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: aboutPage.title, description: aboutPage.metaDescription, path: paths.about })

/** About (requirements §2): about text, team biography and the podcast with its Listen Now button. */
export default function AboutPage() {
  return (
    <>
      <PageHeader
        title={aboutPage.heading}
        lead="Traffic equipment hire across Victoria and Queensland, 24/7."
      />
      <section className="section">
        <div className="container about">
          <div className="prose">
            {aboutPage.paragraphs.map((paragraph, index) => (
              <p key={paragraph} className={index === 0 ? 'lead' : undefined}>
                {paragraph}
              </p>
            ))}
          </div>
          <ul className="highlights" aria-label="Why hire from us">
            {aboutPage.highlights.map((highlight) => (
              <li key={highlight.title} className="highlight">
                <p className="highlight__title">{highlight.title}</p>
                <p className="highlight__text">{highlight.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="about-team">
        <div className="container">
          <h2 id="about-team">{aboutPage.teamHeading}</h2>
          <p className="lead">{aboutPage.teamIntro}</p>
          <ul className="team">
            {team.map((member) => (
              <li key={member.name} className="team-member">
                <span className="team-member__avatar" aria-hidden="true">
                  {member.initials}
                </span>
                <div>
                  <h3 className="team-member__name">{member.name}</h3>
                  <p className="team-member__role">{member.role}</p>
                  <p className="team-member__bio">{member.bio}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="about-podcast">
        <div className="container">
          <div className="podcast">
            <svg
              className="podcast__art"
              viewBox="0 0 96 96"
              width="96"
              height="96"
              aria-hidden="true"
              focusable="false"
            >
              <rect width="96" height="96" rx="16" fill="#0b1a2b" />
              <rect x="38" y="18" width="20" height="36" rx="10" fill="#ffb400" />
              <path
                d="M28 44a20 20 0 0 0 40 0M48 64v12M36 78h24"
                stroke="#ffb400"
                strokeWidth="5"
                fill="none"
                strokeLinecap="round"
              />
            </svg>
            <div>
              <h2 id="about-podcast">{podcast.heading}</h2>
              <p className="podcast__title">{podcast.title}</p>
              <p>{podcast.description}</p>
              {podcast.href ? (
                <a
                  className="button button--accent"
                  href={podcast.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {podcast.linkLabel}
                  <span className="visually-hidden"> to {podcast.title} (opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          </div>
        </div>
      </section>
    </>
  )
}
