import type { ReactNode } from 'react'
import { TableScroll } from './table-scroll.tsx'

/** A column heading; `hidden` ones are read out but not shown (an actions column). */
export interface AdminColumn {
  label: string
  hidden?: boolean
}

/**
 * A back-office list as a real table (rows of one record each, `.admin-table` styles): it scrolls
 * inside a labelled region when it is wider than the screen, its caption names it for screen
 * readers, and each cell carries its column's name (`data-label`) for the stacked phone layout.
 */
export function AdminTable({
  label,
  caption,
  className,
  columns,
  children,
}: {
  /** The scroll region's name, e.g. 'Enquiries'. */
  label: string
  caption: string
  className: string
  columns: ReadonlyArray<AdminColumn>
  /** The <tr> rows. */
  children: ReactNode
}) {
  return (
    <TableScroll label={label}>
      <table className={`admin-table ${className}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  )
}

/** A person's name over their email, in one cell. */
export function PersonCell({ label, name, email }: { label: string; name: string; email: string }) {
  return (
    <td data-label={label}>
      <div>
        <span className="inbox-table__name">{name}</span>
        <span className="inbox-table__email">{email}</span>
      </div>
    </td>
  )
}
