import type { TermsClause } from '@signalway/shared/terms'

/**
 * The Terms and Conditions of Hire in a scrolling box reachable by keyboard: the credit application's section 4, a
 * remote signer's page and the booking form show them alike. `level` is the clauses' heading level.
 */
export function TermsBox({ clauses, level }: { clauses: readonly TermsClause[]; level: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4'
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="credit-terms__box" tabIndex={0} aria-label="Terms and Conditions of Hire">
      {clauses.map((clause) => (
        <div key={clause.number} className="credit-terms__clause">
          <Heading className="credit-terms__title">
            {clause.number}. {clause.title}
          </Heading>
          {clause.paragraphs.map((paragraph, index) => (
            <p key={paragraph}>
              <span className="credit-terms__ref">
                {clause.number}.{index + 1}
              </span>{' '}
              {paragraph}
            </p>
          ))}
        </div>
      ))}
    </section>
  )
}
