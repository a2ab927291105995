import type { TermsClause } from '../../site-content/terms.ts'

/**
 * Numbered clauses of a contract or terms of use, each a heading (with an anchor, so a clause can
 * be linked to: #clause-4) and its paragraphs.
 */
export function TermsClauses({ clauses, label }: { clauses: readonly TermsClause[]; label: string }) {
  return (
    <>
      <nav className="terms-toc" aria-label={`${label}: contents`}>
        <h2 className="terms-toc__title">Contents</h2>
        <ol className="terms-toc__list">
          {clauses.map((clause) => (
            <li key={clause.number}>
              <a href={`#clause-${clause.number}`}>{clause.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <ol className="terms">
        {clauses.map((clause) => (
          <li className="terms__clause" key={clause.number} id={`clause-${clause.number}`}>
            <h2 className="terms__title">
              <span className="terms__number">{clause.number}.</span> {clause.title}
            </h2>
            {clause.paragraphs.map((paragraph, index) => (
              <p key={paragraph}>
                <span className="terms__ref">
                  {clause.number}.{index + 1}
                </span>{' '}
                {paragraph}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </>
  )
}
