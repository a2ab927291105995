/** A date and a time input side by side, described by the zone their wall time is in. */
export function WhenFields({
  id,
  labels,
  date,
  time,
  describedBy,
  onDate,
  onTime,
}: {
  id: string
  labels: { date: string; time: string }
  date: string
  time: string
  describedBy: string
  onDate: (value: string) => void
  onTime: (value: string) => void
}) {
  return (
    <div className="on-hire__when">
      <div className="field">
        <label htmlFor={`${id}-date`} className="field__label">
          {labels.date}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className="input"
          value={date}
          aria-describedby={describedBy}
          onChange={(event) => onDate(event.currentTarget.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-time`} className="field__label">
          {labels.time}
        </label>
        <input
          id={`${id}-time`}
          type="time"
          className="input"
          value={time}
          aria-describedby={describedBy}
          onChange={(event) => onTime(event.currentTarget.value)}
        />
      </div>
    </div>
  )
}
