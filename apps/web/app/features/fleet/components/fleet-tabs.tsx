import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

const TABS = {
  units: { to: paths.admin.fleet.units, label: 'Units' },
  types: { to: paths.admin.fleet.types, label: 'Equipment types' },
  calendar: { to: paths.admin.fleet.calendar, label: 'Calendar' },
  depots: { to: paths.admin.fleet.depots, label: 'Depots' },
} as const

/** The fleet section's pages, the open one marked for screen readers as well as by its look. */
export function FleetTabs({ current }: { current: keyof typeof TABS }) {
  return (
    <nav className="fleet-tabs" aria-label="Fleet">
      <ul className="fleet-tabs__list">
        {Object.entries(TABS).map(([key, tab]) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              className={`button button--sm ${key === current ? 'button--primary' : 'button--outline'}`}
              aria-current={key === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
