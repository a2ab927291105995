import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { brand } from '../../site-content/index.ts'

/** The logo, linking home; fixed width and height so it never shifts the header. */
export function Brand({ reloadDocument = false }: { reloadDocument?: boolean }) {
  return (
    <Link to={paths.home} className="brand" reloadDocument={reloadDocument}>
      <img
        className="brand__logo"
        src={brand.logo.src}
        width={brand.logo.width}
        height={brand.logo.height}
        alt={`${brand.logo.alt} home`}
      />
    </Link>
  )
}
