/** 'Page 2 of 5' with Previous and Next; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  label,
  onPage,
}: {
  page: number
  pages: number
  /** The navigation's accessible name, e.g. 'Enquiry pages'. */
  label: string
  onPage: (page: number) => void
}) {
  if (pages <= 1) return null
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button--outline button--sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous<span className="visually-hidden"> page</span>
      </button>
      <span className="pager__status" aria-current="page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button button--outline button--sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next<span className="visually-hidden"> page</span>
      </button>
    </nav>
  )
}
