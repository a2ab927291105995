import { SvgIcon } from '../ui/svg-icon.tsx'
import { MENU_ICON_PATHS } from './main-nav-controller.ts'

/** Small decorative icons; always aria-hidden, sized by CSS classes. */
interface IconProps {
  className?: string
}

export function PhoneIcon({ className }: IconProps) {
  return (
    <SvgIcon className={className} size={16}>
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z"
      />
    </SvgIcon>
  )
}

export function ChevronDownIcon({ className }: IconProps) {
  return (
    <SvgIcon className={className} size={14} viewBox="0 0 16 16">
      <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
    </SvgIcon>
  )
}

export function MenuIcon({ className, open }: IconProps & { open: boolean }) {
  return (
    <SvgIcon className={className} size={20}>
      <path
        d={open ? MENU_ICON_PATHS.open : MENU_ICON_PATHS.closed}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
      />
    </SvgIcon>
  )
}
