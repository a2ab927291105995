import type { ReactNode } from 'react'

/** A decorative inline SVG icon: hidden from screen readers and never a tab stop; sized by `size` and CSS. */
export function SvgIcon({
  className,
  size,
  viewBox = '0 0 24 24',
  children,
}: {
  className?: string | undefined
  size: number
  viewBox?: string
  children: ReactNode
}) {
  return (
    <svg
      className={className}
      viewBox={viewBox}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}
