import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  set,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../api/api-error';

type Schema = z.ZodType<FieldValues, FieldValues>;

/** The message of the field at `name` (a path such as `prices.0.currency`), if it has one. */
export const errorAt = (errors: FieldErrors, name: string): string | undefined =>
  (get(errors, name) as { message?: string } | undefined)?.message;

export interface ContractFormOptions<Values extends FieldValues, S extends Schema>
  extends Omit<UseFormProps<Values, unknown, z.input<S>>, 'resolver'> {
  /** The request body made of what was typed, where the two differ (a phone's parts, a local date and time). */
  toBody?: (values: Values) => unknown;
  /**
   * The form's field of each body field (or server's field name) named otherwise, such as `{ phone_number: 'phone' }`;
   * other names are the form's own.
   */
  fieldNames?: Partial<Record<string, FieldPath<Values>>>;
  /** Checks only the browser can make (a time still ahead, a card's checksum): a message per field that fails. */
  check?: (values: Values) => Partial<Record<FieldPath<Values>, string>>;
}

export type ContractForm<Values extends FieldValues, S extends Schema> = UseFormReturn<
  Values,
  unknown,
  z.input<S>
> & {
  /**
   * Shows a failed call: each field the server named next to that field, else one message for the form (the
   * error's own, or `fallback` when it has none or is not an answer of ours).
   */
  showServerError: (error: unknown, fallback: string | ((error: unknown) => string)) => void;
  /** The message for the whole form, from `showServerError`; cleared by the next submit. */
  formMessage: string | undefined;
};

/**
 * A form checked by the contract's schema (the server's own rules and messages) before it is sent: the handler
 * gets the body as it passed the check (the server parses it again), and each field shows its first message.
 */
export function useContractForm<S extends Schema, Values extends FieldValues = z.input<S>>(
  schema: S,
  { toBody, fieldNames = {}, check: checkInBrowser, ...options }: ContractFormOptions<Values, S> = {},
): ContractForm<Values, S> {
  const checkSchema = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<
    FieldValues,
    unknown,
    z.input<S>
  >;
  const resolver: Resolver<Values, unknown, z.input<S>> = async (values, context, resolverOptions) => {
    const result = await checkSchema(
      (toBody ? toBody(values) : values) as FieldValues,
      context,
      resolverOptions as never,
    );
    const errors: Record<string, unknown> = Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => [fieldNames[name] ?? name, error]),
    );
    for (const [name, message] of Object.entries(checkInBrowser?.(values) ?? {})) {
      if (message && !get(errors, name)) set(errors, name, { type: 'check', message });
    }
    return (Object.keys(errors).length > 0 ? { values: {}, errors } : result) as never;
  };
  const form = useForm<Values, unknown, z.input<S>>({ ...options, resolver });

  const showServerError: ContractForm<Values, S>['showServerError'] = (error, fallback) => {
    const known = new Set(Object.keys(form.getValues()));
    let placed = 0;
    if (isApiError(error)) {
      for (const [name, message] of Object.entries(error.fields)) {
        const field = fieldNames[name] ?? (known.has(name) ? (name as FieldPath<Values>) : undefined);
        if (!field) continue;
        form.setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
        placed += 1;
      }
    }
    if (placed > 0) return;
    const message =
      typeof fallback === 'function'
        ? fallback(error)
        : isApiError(error) && error.message
          ? error.message
          : fallback;
    form.setError('root.server', { type: 'server', message });
  };

  return { ...form, showServerError, formMessage: form.formState.errors.root?.server?.message };
}
