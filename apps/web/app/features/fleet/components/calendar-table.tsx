import type { FleetCalendar } from '@signalway/shared/fleet'
import { Link } from 'react-router'
import { TableScroll } from '../../../components/ui/data-table/table-scroll.tsx'
import { paths } from '../../../lib/paths.ts'
import { dayHeading, isWeekend, monthName } from '../calendar-query.ts'

/** The mark of a day that cannot be met, shown beside its count and in the legend (never colour alone). */
export const CANNOT_BE_MET_MARK = '✕'

/** What a cell says: 'free/total', marked (visibly and in words) when no unit is free. */
function Cell({ free, total, cannotBeMet }: { free: number; total: number; cannotBeMet: boolean }) {
  return (
    <td className={cannotBeMet ? 'fleet-calendar__cell fleet-calendar__cell--short' : 'fleet-calendar__cell'}>
      {free}/{total}
      {cannotBeMet ? (
        <>
          {' '}
          <span className="fleet-calendar__mark" aria-hidden="true">
            {CANNOT_BE_MET_MARK}
          </span>
          <span className="visually-hidden">cannot be met</span>
        </>
      ) : null}
    </td>
  )
}

/**
 * The month as a table: a row per type (its name links to the type), a column per day of the depot's zone, each
 * cell free/total. Wider than a phone or a tablet, it scrolls inside its own box; the type names stay in view.
 */
export function CalendarTable({ calendar, today }: { calendar: FleetCalendar; today: string }) {
  const title = `${calendar.depot.name}, ${monthName(calendar.month)}`
  return (
    <TableScroll label={`Calendar: ${title}`} className="fleet-calendar__scroll">
      <table className="fleet-calendar">
        <caption className="visually-hidden">Free and total units per type and day: {title}</caption>
        <thead>
          <tr>
            <th scope="col" className="fleet-calendar__type">
              Type
            </th>
            {calendar.days.map((day) => {
              const heading = dayHeading(day)
              const classes = [
                'fleet-calendar__day',
                isWeekend(day) ? 'fleet-calendar__day--weekend' : '',
                day === today ? 'fleet-calendar__day--today' : '',
              ]
              return (
                <th
                  key={day}
                  scope="col"
                  className={classes.filter(Boolean).join(' ')}
                  aria-current={day === today ? 'date' : undefined}
                >
                  <span aria-hidden="true">
                    {heading.weekday}
                    <br />
                    {heading.day}
                  </span>
                  <span className="visually-hidden">
                    {heading.long}
                    {day === today ? ' (today)' : ''}
                  </span>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {calendar.types.map((type) => (
            <tr key={type.id}>
              <th scope="row" className="fleet-calendar__type">
                <Link to={paths.admin.fleet.type(type.id)}>{type.name}</Link>
              </th>
              {type.days.map((cell) => (
                <Cell key={cell.day} free={cell.free} total={cell.total} cannotBeMet={cell.cannotBeMet} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
