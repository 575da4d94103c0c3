import { OTP_CODE_LENGTH } from '@salomtv/contract';
import { CodeInput } from '../../../shared/ui/code-input';

/** The 6-digit code field of the sign-up and reset pages. */
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
    <CodeInput
      id={id}
      name={id}
      placeholder={'0'.repeat(OTP_CODE_LENGTH)}
      value={value}
      onChange={onChange}
      aria-invalid={invalid || undefined}
      aria-describedby={describedById}
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
