import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

const TABS = [
  { to: paths.admin.fleet.units, label: 'Units' },
  { to: paths.admin.fleet.types, label: 'Equipment types' },
  { to: paths.admin.fleet.depots, label: 'Depots' },
] as const

const OPEN = {
  units: paths.admin.fleet.units,
  types: paths.admin.fleet.types,
  depots: paths.admin.fleet.depots,
} as const

/** The fleet section's lists, the open one marked for screen readers as well as by its look. */
export function FleetTabs({ current }: { current: keyof typeof OPEN }) {
  const open = OPEN[current]
  return (
    <nav className="fleet-tabs" aria-label="Fleet">
      <ul className="fleet-tabs__list">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              className={`button button--sm ${tab.to === open ? 'button--primary' : 'button--outline'}`}
              aria-current={tab.to === open ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
