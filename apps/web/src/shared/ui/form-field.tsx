import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, type UseFormReturn, useFormState } from 'react-hook-form';
import { errorAt } from './contract-form';
import { describedBy, Field } from './field';

/** What a field's control carries: its id and the ARIA attributes pointing at its hint and error. */
export type FieldControl = { id: string } & ReturnType<typeof describedBy>;

interface FormFieldProps<Values extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: any context and parsed output; the field reads only its errors.
  form: Pick<UseFormReturn<Values, any, any>, 'control'>;
  name: FieldPath<Values>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** The control, given its id and ARIA attributes; a native one adds `form.register(name)`. */
  children: (control: FieldControl) => ReactNode;
}

/** A field of a `useContractForm` form: its label, its control, a hint and its error, linked for assistive tech. */
export function FormField<Values extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  className,
  children,
}: FormFieldProps<Values>) {
  const { errors } = useFormState({ control: form.control, name });
  const error = errorAt(errors, name);
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {children({ id, ...describedBy(id, error, hint ? 'hint' : undefined) })}
    </Field>
  );
}
