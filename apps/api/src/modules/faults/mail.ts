import { formatWallTime } from '@signalway/shared/business-time'
import { faultSymptomLabel, openStreetMapUrl } from '@signalway/shared/faults'
import type { OutgoingMail } from '../outbox/service.ts'
import type { FaultJoinedRow } from './repository.ts'

/** Plain text for the on-call phone: what, where, who to call back, and the queue's link. */
function body(row: FaultJoinedRow, siteUrl: string, lead: string): string {
  const symptoms = (JSON.parse(row.symptoms) as string[]).map(faultSymptomLabel).join(', ')
  const location =
    row.lat !== null && row.lng !== null
      ? `${row.lat.toFixed(6)}, ${row.lng.toFixed(6)} (±${Math.round(row.accuracy_m ?? 0)} m) ${openStreetMapUrl({ lat: row.lat, lng: row.lng })}`
      : 'not given'
  return [
    lead,
    '',
    `Reference: ${row.reference}`,
    `Unit: ${row.fleet_number} (${row.type_name}), depot ${row.depot_code}`,
    `Reported: ${formatWallTime(new Date(row.reported_at))} Melbourne time`,
    `What is wrong: ${symptoms}`,
    `Details: ${row.text || '(none)'}`,
    `Reporter: ${row.reporter_name}, ${row.reporter_phone}`,
    `Location: ${location}`,
    '',
    `Open it: ${siteUrl}/admin/faults/${row.id}/`,
  ].join('\n')
}

export function onCallMail(row: FaultJoinedRow, to: string, siteUrl: string): OutgoingMail {
  return {
    to,
    subject: `Fault ${row.reference}: ${row.fleet_number} ${row.type_name}`,
    text: body(row, siteUrl, 'A fault has been reported. Acknowledge it in the on-call queue.'),
  }
}

export function escalationMail(row: FaultJoinedRow, to: string, siteUrl: string): OutgoingMail {
  return {
    to,
    subject: `Unacknowledged fault ${row.reference}: ${row.fleet_number} ${row.type_name}`,
    text: body(row, siteUrl, 'Nobody has acknowledged this fault 15 minutes after it was reported.'),
  }
}
