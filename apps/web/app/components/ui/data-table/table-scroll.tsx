import type { ReactNode } from 'react'

/**
 * The box a wide table scrolls in, so the page itself never widens (a 768 px tablet, a long e-mail
 * address): a region named after the table, focusable so that keyboard users can scroll it too.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <section
      className={className ? `table-scroll ${className}` : 'table-scroll'}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      {children}
    </section>
  )
}
