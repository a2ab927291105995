// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { lazyZodResolver, useZodForm } from './use-zod-form.ts'

const schema = z.object({ name: z.string().min(2, 'Name must have at least 2 characters.') })
const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as never

describe('a form schema loaded when first needed', () => {
  it('loads the schema once, on the first validation, and validates with it', async () => {
    const load = vi.fn(async () => schema)
    const resolver = lazyZodResolver(load)
    expect(load).not.toHaveBeenCalled()
    const invalid = await resolver({ name: 'A' }, undefined, resolverOptions)
    expect(invalid.errors.name?.message).toBe('Name must have at least 2 characters.')
    const valid = await resolver({ name: 'Ada' }, undefined, resolverOptions)
    expect(valid.values).toEqual({ name: 'Ada' })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed load (e.g. the network dropped)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema)
    const resolver = lazyZodResolver(load)
    await expect(resolver.preload()).rejects.toThrow('offline')
    expect((await resolver({ name: 'Ada' }, undefined, resolverOptions)).values).toEqual({ name: 'Ada' })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('useZodForm starts loading on the first focus or press anywhere on the page, not before', async () => {
    const load = vi.fn(async () => schema)
    function NameForm() {
      const form = useZodForm(load, { defaultValues: { name: '' } })
      return (
        <form>
          <label>
            Name
            <input {...form.register('name')} />
          </label>
          <p role="alert">{form.formState.errors.name?.message}</p>
        </form>
      )
    }
    render(<NameForm />)
    await act(async () => {})
    expect(load).not.toHaveBeenCalled()
    const input = screen.getByRole('textbox', { name: 'Name' })
    act(() => input.focus())
    expect(load).toHaveBeenCalledTimes(1)
    fireEvent.input(input, { target: { value: 'A' } })
    fireEvent.blur(input)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Name must have at least 2 characters.'),
    )
    expect(load).toHaveBeenCalledTimes(1)
  })
})
