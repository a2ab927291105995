import { describe, expect, it, vi } from 'vitest'
import type { InternalApi } from '../../lib/internal-api.server.ts'
import { postFaultReport } from './report-post.server.ts'

function request(fields: [string, string | Blob][]) {
  const form = new FormData()
  for (const [name, value] of fields) form.append(name, value)
  return new Request('http://localhost/equipment/VMS-0001/', { method: 'POST', body: form })
}

const reported = {
  reference: 'F-2026-000001',
  reportedAt: '2026-11-25T00:00:00.000Z',
  phone: { display: '1300 975 707', href: 'tel:1300975707' },
}

describe('the fault form posted to the unit page', () => {
  it('sends the fields as JSON with the photo as a data: URL and the location, and answers the reference', async () => {
    const post = vi.fn(async () => ({ status: 201, body: reported }))
    const api: InternalApi = { get: vi.fn(), post }
    const answer = await postFaultReport(
      request([
        ['symptoms', 'display-blank'],
        ['symptoms', 'power'],
        ['text', ''],
        ['name', 'Sam Roadside'],
        ['phone', '0412 345 678'],
        ['lat', '-37.8626'],
        ['lng', '144.7705'],
        ['accuracy', '12'],
        ['photo', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' })],
      ]),
      api,
      'VMS-0001',
    )
    expect(post).toHaveBeenCalledWith('/equipment/VMS-0001/faults', {
      symptoms: ['display-blank', 'power'],
      text: null,
      name: 'Sam Roadside',
      phone: '0412 345 678',
      location: { lat: -37.8626, lng: 144.7705, accuracy: 12 },
      photo: 'data:image/jpeg;base64,AQID',
      website: '',
    })
    expect(answer.data).toEqual({ status: 'sent', reported })
  })

  it("keeps what was typed with the API's messages, and says when it could not be sent", async () => {
    const invalid: InternalApi = {
      get: vi.fn(),
      post: vi.fn(async () => ({
        status: 400,
        body: { Message: 'x', ModelState: { phone: ['Phone is required.'] } },
      })),
    }
    const answer = await postFaultReport(request([['name', 'Sam']]), invalid, 'VMS-0001')
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toEqual({
      status: 'invalid',
      values: { symptoms: [], text: '', name: 'Sam', phone: '' },
      errors: { phone: 'Phone is required.' },
    })
    const limited: InternalApi = { get: vi.fn(), post: vi.fn(async () => ({ status: 429, body: {} })) }
    expect((await postFaultReport(request([]), limited, 'VMS-0001')).data).toMatchObject({ status: 'failed' })
  })
})
