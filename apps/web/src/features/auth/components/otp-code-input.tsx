import { OTP_CODE_LENGTH } from '@salomtv/contract';
import { Input } from '../../../shared/ui/input';

/** The 6-digit code field: digits only, the phone's one-time-code autofill, left to right in every language. */
export function OtpCodeInput({
  id,
  value,
  onChange,
  invalid,
  describedById,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
  describedById?: string;
}) {
  return (
    <Input
      id={id}
      name={id}
      dir="ltr"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_CODE_LENGTH}
      placeholder={'0'.repeat(OTP_CODE_LENGTH)}
      className="text-center font-mono text-2xl tracking-[0.5em]"
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedById}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH))}
    />
  );
}

export const isCompleteCode = (code: string) => code.length === OTP_CODE_LENGTH;

/** The "N tries left" the server adds to a wrong code's errors, as a number. */
export function triesLeftOf(errors: string[] | null): number | undefined {
  const line = errors?.find((text) => /\btr(y|ies) left\b/.test(text));
  const count = line ? Number.parseInt(line, 10) : Number.NaN;
  return Number.isFinite(count) ? count : undefined;
}
