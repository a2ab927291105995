import { SERVICES } from '@signalway/shared/constants'
import type { EquipmentTypeAdmin } from '@signalway/shared/fleet'
import { cents, formatPriceExGst } from '@signalway/shared/money'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { listEquipmentTypes } from '../api/types.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'

const COLUMNS = [
  { label: 'Name' },
  { label: 'Service' },
  { label: 'Day rate' },
  { label: 'Week rate' },
  { label: 'Minimum hire' },
  { label: 'Public price' },
  { label: 'Units' },
] as const

const SERVICE_NAMES = new Map<string, string>(SERVICES.map((service) => [service.slug, service.name]))

export function serviceName(slug: string): string {
  return SERVICE_NAMES.get(slug) ?? slug
}

export function minimumHireText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`
}

/** The equipment types with their rates ex GST; each opens in its editor. */
export function TypesList({ load = listEquipmentTypes }: { load?: () => Promise<EquipmentTypeAdmin[]> }) {
  const { loaded, reload } = useLoaded(load, FLEET_SCREEN_MESSAGES.typesLoadFailed)
  return (
    <div className="fleet-types">
      <p>
        <Link to={paths.admin.fleet.typeNew} className="button button--primary">
          Add an Equipment Type
        </Link>
      </p>
      {loaded.state === 'loading' ? (
        <p className="inbox__count" role="status">
          Loading the equipment types…
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <LoadFailed
          message={FLEET_SCREEN_MESSAGES.typesLoadFailed}
          onRetry={reload}
          className="inbox__empty"
        />
      ) : null}
      {loaded.state === 'ready' && loaded.value.length === 0 ? (
        <p className="inbox__empty">{FLEET_SCREEN_MESSAGES.noTypes}</p>
      ) : null}
      {loaded.state === 'ready' && loaded.value.length > 0 ? (
        <AdminTable
          label="Equipment types"
          caption="Equipment types"
          className="fleet-types-table"
          columns={COLUMNS}
        >
          {loaded.value.map((type) => (
            <tr key={type.id}>
              <td data-label="Name">
                <Link to={paths.admin.fleet.type(type.id)}>{type.name}</Link>
              </td>
              <td data-label="Service">{serviceName(type.serviceSlug)}</td>
              <td data-label="Day rate">{formatPriceExGst(cents(type.dayRateCents))}</td>
              <td data-label="Week rate">{formatPriceExGst(cents(type.weekRateCents))}</td>
              <td data-label="Minimum hire">{minimumHireText(type.minimumDays)}</td>
              <td data-label="Public price">{type.pricePublic ? 'Shown' : 'Price on application'}</td>
              <td data-label="Units">{type.unitCount}</td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
    </div>
  )
}
