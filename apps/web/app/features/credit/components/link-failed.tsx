import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

/** A saved application's or a signing page's link that does not open: why, and a way to start again. */
export function LinkFailed({ message }: { message: string }) {
  return (
    <div className="credit-resume__failed" role="alert">
      <p>{message}</p>
      <p>
        <Link to={paths.applicationForCredit.index} className="button button--primary">
          Start a New Application
        </Link>
      </p>
    </div>
  )
}
