import { OTP_CODE_LENGTH } from '@salomtv/contract';
import type { InputHTMLAttributes } from 'react';
import { Input } from './input';

const LOOKS = {
  /** The sign-up and reset pages, where the code is the page's one field. */
  large: 'text-center font-mono text-2xl tracking-[0.5em]',
  /** A code inside a settings row. */
  compact: 'max-w-48 font-mono tracking-widest',
};

/** A one-time code field: digits only, the phone's one-time-code autofill, left to right in every language. */
export function CodeInput({
  value,
  onChange,
  look = 'large',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (code: string) => void;
  look?: keyof typeof LOOKS;
}) {
  return (
    <Input
      dir="ltr"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_CODE_LENGTH}
      className={LOOKS[look]}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH))}
      {...rest}
    />
  );
}
