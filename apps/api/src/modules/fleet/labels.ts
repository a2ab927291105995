import { FLEET_MESSAGES as MESSAGES, type UnitLabelsInput, unitPagePath } from '@signalway/shared/fleet'
import { SITE } from '@signalway/shared/site'
import { ValidationError } from '../../lib/errors.ts'
import { renderLabelSheet } from './labels-pdf.ts'
import { findUnitsByIds } from './repository.ts'
import type { FleetDeps } from './types.ts'

/*
 * Printable QR labels (ADR 043): a sheet with one label per id asked for, in that order (an id twice
 * prints two labels, e.g. for both sides of a trailer). Every id must name a unit: the answer names the
 * ones that do not, rather than print a sheet short of what was asked. A retired unit gets no label (its
 * public page is gone, so its QR code would open nothing): it is left out, and a choice of retired units
 * only is refused.
 */

/** The absolute address of a unit's public page, which its label's QR code holds. */
export function unitPageUrl(siteUrl: string, fleetNumber: string): string {
  return `${siteUrl}${unitPagePath(fleetNumber)}`
}

export async function printUnitLabels(
  { db }: FleetDeps,
  siteUrl: string,
  input: UnitLabelsInput,
): Promise<Uint8Array> {
  const rows = await findUnitsByIds(db, [...new Set(input.unitIds)])
  const byId = new Map(rows.map((row) => [row.id, row]))
  const unknown = [...new Set(input.unitIds.filter((id) => !byId.has(id)))]
  if (unknown.length > 0) {
    const message = MESSAGES.unitsUnknown(unknown)
    throw new ValidationError({ unitIds: [message] }, message)
  }
  const printable = input.unitIds.filter((id) => byId.get(id)?.status !== 'retired')
  if (printable.length === 0) {
    throw new ValidationError({ unitIds: [MESSAGES.labelsAllRetired] }, MESSAGES.labelsAllRetired)
  }
  const labels = printable.flatMap((id) => {
    const row = byId.get(id)
    return row
      ? [
          {
            fleetNumber: row.fleet_number,
            typeName: row.type_name,
            url: unitPageUrl(siteUrl, row.fleet_number),
          },
        ]
      : []
  })
  return renderLabelSheet(labels, { businessName: SITE.name, phone: SITE.phone.display })
}
