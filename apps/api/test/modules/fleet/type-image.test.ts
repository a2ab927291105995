import { type EquipmentType, type EquipmentTypeAdmin, FLEET_MESSAGES } from '@signalway/shared/fleet'
import { mediaIdOf, type UploadedImage } from '@signalway/shared/publishing'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addType, adminHeaders, VMS_TYPE } from './helpers.ts'

/* An equipment type's image (requirements §17, ADR 047): uploaded through the publishing image pipeline. */

async function uploadImage(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f5a623' } })
    .png()
    .toBuffer()
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers,
    payload: { dataUrl: `data:image/png;base64,${bytes.toString('base64')}` },
  })
  expect(response.statusCode, response.body).toBe(201)
  const id = mediaIdOf(response.json<UploadedImage>().image)
  expect(id).toBeDefined()
  return id as string
}

async function publicType(app: FastifyInstance, slug = VMS_TYPE.slug): Promise<EquipmentType> {
  const response = await app.inject({ method: 'GET', url: `/api/equipment-types/${slug}` })
  expect(response.statusCode).toBe(200)
  return response.json()
}

describe.each(DIALECTS)('equipment type images on %s', (dialect) => {
  it('adds, replaces and removes a type image, version-checked and audited, and the public sees it', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const first = await uploadImage(app, headers)
    const type = await addType(app, headers, { imageMediaId: first, imageAlt: 'A VMS board on a trailer' })
    expect(type).toMatchObject({
      imageMediaId: first,
      image: `/api/media/${first}-800.webp`,
      imageAlt: 'A VMS board on a trailer',
    })
    expect(await publicType(app)).toMatchObject({
      image: `/api/media/${first}-800.webp`,
      imageAlt: 'A VMS board on a trailer',
    })
    const served = await app.inject({ method: 'GET', url: `/api/media/${first}-400.webp` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')

    const url = `/api/admin/fleet/types/${type.id}`
    const second = await uploadImage(app, headers)
    const replaced = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...VMS_TYPE, imageMediaId: second, imageAlt: '', version: 1 },
    })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json<EquipmentTypeAdmin>()).toMatchObject({
      imageMediaId: second,
      imageAlt: '',
      version: 2,
    })
    // Without its own description, the image is described by the type's name.
    expect(await publicType(app)).toMatchObject({
      image: `/api/media/${second}-800.webp`,
      imageAlt: VMS_TYPE.name,
    })

    const stale = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...VMS_TYPE, imageMediaId: null, version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(FLEET_MESSAGES.typeConflict)
    expect((await publicType(app)).image).toBe(`/api/media/${second}-800.webp`)

    const removed = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...VMS_TYPE, imageMediaId: null, imageAlt: 'Left over', version: 2 },
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json<EquipmentTypeAdmin>()).toMatchObject({
      imageMediaId: null,
      image: null,
      imageAlt: '',
    })
    expect(await publicType(app)).toMatchObject({ image: null })

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'equipment-type')
      .where('target_id', '=', String(type.id))
      .orderBy('id')
      .execute()
    expect(audit.map((entry) => entry.action)).toEqual([
      'equipment-type.create',
      'equipment-type.update',
      'equipment-type.update',
    ])
    expect(JSON.parse(audit[1]?.before ?? '{}')).toMatchObject({ imageMediaId: first })
    expect(JSON.parse(audit[1]?.after ?? '{}')).toMatchObject({ imageMediaId: second })
    expect(JSON.parse(audit[2]?.after ?? '{}')).toMatchObject({ imageMediaId: null, imageAlt: '' })
  })

  it('refuses an image that was never uploaded, and alternative text that is too long', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/types',
      headers,
      payload: { ...VMS_TYPE, imageMediaId: 'a'.repeat(32) },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().ModelState).toEqual({ imageMediaId: [FLEET_MESSAGES.imageInvalid] })

    const id = await uploadImage(app, headers)
    const long = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/types',
      headers,
      payload: { ...VMS_TYPE, imageMediaId: id, imageAlt: 'x'.repeat(201) },
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().ModelState).toEqual({ imageAlt: [FLEET_MESSAGES.imageAltTooLong] })
    expect(await app.db.selectFrom('equipment_types').select('id').execute()).toEqual([])
  })

  it('lists the type with its image and alternative text on its service', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const id = await uploadImage(app, headers)
    await addType(app, headers, { imageMediaId: id })
    await addType(app, headers, { slug: 'vms-board-compact', name: 'VMS board, compact' })
    const response = await app.inject({ method: 'GET', url: '/api/equipment-types?service=vms-boards' })
    const types = response.json<EquipmentType[]>()
    expect(types.map(({ slug, image, imageAlt }) => ({ slug, image, imageAlt }))).toEqual([
      { slug: 'vms-board-compact', image: null, imageAlt: 'VMS board, compact' },
      { slug: VMS_TYPE.slug, image: `/api/media/${id}-800.webp`, imageAlt: VMS_TYPE.name },
    ])
  })
})
