import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import type { z } from 'zod'

/** A zod object schema whose input is the form's values. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>

/**
 * A form's schema, or a function that imports it. With a function the page does not load zod and
 * the schema with its first JavaScript: they are fetched the first time anything on the page gets
 * focus or a pointer press (before any field can be left or the form sent), or when the form first
 * validates, which waits for them.
 */
export type SchemaSource<S extends FormSchema> = S | (() => Promise<S>)

export type ZodFormOptions<S extends FormSchema> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>

export type ZodForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>

type AnyResolver = Resolver<FieldValues, unknown, FieldValues>

export interface LazyResolver extends AnyResolver {
  /** Starts loading the schema (once; again after a failed load). */
  preload(): Promise<AnyResolver>
}

/** A resolver that imports its schema on first use, or on `preload()`. */
export function lazyZodResolver<S extends FormSchema>(load: () => Promise<S>): LazyResolver {
  let loaded: Promise<AnyResolver> | undefined
  const preload = () => {
    loaded ??= load()
      .then((schema) => zodResolver(schema as never) as unknown as AnyResolver)
      .catch((error: unknown) => {
        loaded = undefined
        throw error
      })
    return loaded
  }
  const resolver: AnyResolver = async (values, context, options) =>
    (await preload())(values, context, options)
  return Object.assign(resolver, { preload })
}

function toResolver<S extends FormSchema>(source: SchemaSource<S>): AnyResolver | LazyResolver {
  return typeof source === 'function'
    ? lazyZodResolver(source)
    : (zodResolver(source as never) as unknown as AnyResolver)
}

/**
 * react-hook-form driven by one shared zod schema (STYLE.md practice 1): the same schema the
 * API validates with. Fields are validated when they lose focus ('onBlur', also after a failed
 * submit; choices re-check on change once they show an error). The submit handler receives the
 * schema's OUTPUT (trimmed, transformed). Focus on errors is handled by <Form>, in page order.
 */
export function useZodForm<S extends FormSchema>(
  source: SchemaSource<S>,
  options: ZodFormOptions<S> = {},
): ZodForm<S> {
  // One resolver for the life of the form (a new inline loader each render must not reload).
  const [resolver] = useState(() => toResolver(source))

  useEffect(() => {
    if (!('preload' in resolver)) return
    const preload = () => {
      remove()
      resolver.preload().catch(() => {
        // Tried again when the form validates.
      })
    }
    const remove = () => {
      document.removeEventListener('focusin', preload)
      document.removeEventListener('pointerdown', preload)
    }
    document.addEventListener('focusin', preload)
    document.addEventListener('pointerdown', preload)
    return remove
  }, [resolver])

  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: false,
    ...options,
    resolver: resolver as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
  })
}
