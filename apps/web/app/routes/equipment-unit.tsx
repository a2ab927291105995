import { MESSAGES, SITE } from '@signalway/shared'
import { faultSymptomsFor } from '@signalway/shared/faults'
import { data, Link, redirect, useNavigation } from 'react-router'
import { PageHeader, SimplePage } from '../components/ui/page-header.tsx'
import { FaultReportForm } from '../features/faults/components/fault-report-form.tsx'
import { postFaultReport } from '../features/faults/report-post.server.ts'
import { getEquipmentType, getPublicUnit } from '../features/fleet/get-fleet.server.ts'
import { HYDRATE_ON_INTERACTION } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/equipment-unit'

/** Hydrated on the first interaction (ADR 011): the fault form posts without the app; with it, it adds the location. */
export const handle = HYDRATE_ON_INTERACTION

/**
 * A unit's public page (/equipment/{fleet-number}/), what the QR code on its label opens: its fleet number, its
 * type and the 24/7 number to report a fault on. Nothing about any hire or customer. An unknown or retired unit
 * answers 404. Not in the sitemap: it is for the person standing at the unit. Its canonical link names its type's
 * page, which search engines show instead of some hundreds of near-identical label pages (a `noindex` would do
 * the same but tells crawlers, and Lighthouse, that the page must not be read at all).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = context.get(internalApiContext)
  const unit = await getPublicUnit(api, params.fleetNumber)
  if (!unit) return data({ unit: null, symptoms: [] }, { status: 404 })
  const { pathname, search } = new URL(request.url)
  const canonical = paths.equipmentUnit(unit.fleetNumber)
  // One URL per unit: a typed 'vms-0142' or a missing trailing slash goes to '/equipment/VMS-0142/'.
  if (pathname !== canonical) throw redirect(`${canonical}${search}`, 301)
  const type = await getEquipmentType(api, unit.typeSlug)
  return { unit, symptoms: faultSymptomsFor(type?.serviceSlug ?? '') }
}

/** The fault form (ADR 049), posted with or without the app: sent to the API from here. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return postFaultReport(request, context.get(internalApiContext), params.fleetNumber)
}

export const meta: Route.MetaFunction = (args) => {
  const unit = args.loaderData?.unit
  if (!unit) {
    return routeMeta(args, {
      title: MESSAGES.pageNotFound,
      description: 'The page you are looking for cannot be found.',
      noIndex: true,
    })
  }
  return routeMeta(args, {
    title: `${unit.fleetNumber}: ${unit.typeName}`,
    description: `${unit.typeName}, fleet number ${unit.fleetNumber}. To report a fault, call ${SITE.name} 24/7.`,
    path: paths.equipmentType(unit.typeSlug),
  })
}

export default function EquipmentUnitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { unit, symptoms } = loaderData
  const navigation = useNavigation()
  if (!unit) {
    return (
      <SimplePage title={MESSAGES.pageNotFound} lead="Sorry, we cannot find this unit in our fleet.">
        <p>
          If you are at one of our units and need help, call us on{' '}
          <a href={SITE.phone.href}>{SITE.phone.display}</a>, 24 hours a day, 7 days a week.
        </p>
      </SimplePage>
    )
  }
  return (
    <>
      <PageHeader title={`Unit ${unit.fleetNumber}`} lead={`${SITE.name} equipment`} />
      <section className="section">
        <div className="container">
          <div className="prose">
            <dl className="equipment-specs">
              <div>
                <dt>Fleet number</dt>
                <dd>{unit.fleetNumber}</dd>
              </div>
              <div>
                <dt>Equipment</dt>
                <dd>
                  <Link to={paths.equipmentType(unit.typeSlug)}>{unit.typeName}</Link>
                </dd>
              </div>
            </dl>
            <h2>Report a fault</h2>
            <p>
              Something wrong with this unit? Report a fault, damage or a safety concern below, or call our
              24/7 number quoting fleet number <span className="fleet-number">{unit.fleetNumber}</span>.
            </p>
            <p>
              <a className="button button--accent" href={unit.phone.href}>
                Call {unit.phone.display}
              </a>
            </p>
            <FaultReportForm
              symptoms={symptoms}
              posted={actionData}
              submitting={navigation.state === 'submitting'}
            />
          </div>
        </div>
      </section>
    </>
  )
}
