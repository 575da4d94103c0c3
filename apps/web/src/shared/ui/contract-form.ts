import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../api/api-error';

type Schema = z.ZodType<FieldValues, FieldValues>;

export interface ContractFormOptions<Values extends FieldValues, S extends Schema>
  extends Omit<UseFormProps<Values, unknown, z.output<S>>, 'resolver'> {
  /** The request body made of what was typed, where the two differ (a phone's parts, a local date and time). */
  toBody?: (values: Values) => z.input<S>;
  /**
   * The form's field of each body field (or server's field name) named otherwise, such as `{ phone_number: 'phone' }`;
   * other names are the form's own.
   */
  fieldNames?: Partial<Record<string, FieldPath<Values>>>;
}

export type ContractForm<Values extends FieldValues, S extends Schema> = UseFormReturn<
  Values,
  unknown,
  z.output<S>
> & {
  /**
   * Shows a refused call: each field the server named next to that field, else one message for the form (the
   * server's, or `fallback`'s when it gave none or the call never reached it).
   */
  showServerError: (error: unknown, fallback: string | ((error: unknown) => string)) => void;
  /** The message for the whole form, from `showServerError`; cleared by the next submit. */
  formMessage: string | undefined;
};

/**
 * A form checked by the contract's schema (the server's own rules and messages) before it is sent: the handler
 * gets the parsed body, and each field shows its first message.
 */
export function useContractForm<S extends Schema, Values extends FieldValues = z.input<S>>(
  schema: S,
  { toBody, fieldNames = {}, ...options }: ContractFormOptions<Values, S> = {},
): ContractForm<Values, S> {
  const check = zodResolver(schema) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  const resolver: Resolver<Values, unknown, z.output<S>> = async (values, context, resolverOptions) => {
    const result = await check(toBody ? toBody(values) : values, context, resolverOptions as never);
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => [fieldNames[name] ?? name, error]),
    );
    return { ...result, errors } as never;
  };
  const form = useForm<Values, unknown, z.output<S>>({ ...options, resolver });

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
        : isApiError(error) && error.kind === 'http' && error.message
          ? error.message
          : fallback;
    form.setError('root.server', { type: 'server', message });
  };

  return { ...form, showServerError, formMessage: form.formState.errors.root?.server?.message };
}
