import { zodResolver } from '@hookform/resolvers/zod'
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import { z } from 'zod'

// zod compiles fast parsers with `new Function` when it can; the page's CSP forbids eval, and the probe
// alone logs a CSP violation. The schemas are small, so the interpreted parsers are fast enough.
z.config({ jitless: true })

/** A zod object schema whose input is the form's values. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>

export type ZodFormOptions<S extends FormSchema> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>

export type ZodForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>

/**
 * react-hook-form driven by one shared zod schema (STYLE.md practice 1): the same schema the
 * API validates with. Fields are validated when they lose focus ('onBlur', also after a failed
 * submit; choices re-check on change once they show an error). The submit handler receives the
 * schema's OUTPUT (trimmed, transformed). Focus on errors is handled by <Form>, in page order.
 */
export function useZodForm<S extends FormSchema>(schema: S, options: ZodFormOptions<S> = {}): ZodForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
  })
}
