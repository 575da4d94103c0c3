import { useT } from '../../../shared/i18n/language-context';
import { CodeInput } from '../../../shared/ui/code-input';
import { describedBy, Field } from '../../../shared/ui/field';

/** The code sent to a new phone number or email, with where it went as the hint. */
export function CodeField({
  id,
  label,
  sentTo,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  sentTo: string;
  error: string | undefined;
  value: string;
  onChange: (code: string) => void;
}) {
  const t = useT();
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={
        <>
          {t('otp_sent_to')} <bdi dir="ltr">{sentTo}</bdi>
        </>
      }
    >
      <CodeInput
        id={id}
        look="compact"
        value={value}
        onChange={onChange}
        {...describedBy(id, error, 'hint')}
      />
    </Field>
  );
}
