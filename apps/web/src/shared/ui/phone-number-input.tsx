import { useLayoutEffect, useMemo, useState } from 'react';
import { useDisplayNames } from '../i18n/display-names';
import { Input, Select } from './input';
import { PHONE_COUNTRIES, type PhoneParts, regionName } from './phone-number';

interface PhoneNumberInputProps {
  /** The id of the number input (the field's label points at it). */
  id: string;
  value: PhoneParts;
  onChange: (value: PhoneParts) => void;
  /** The accessible name of the calling-code picker. */
  codeLabel: string;
  /** The language region names are shown in, such as `ru`. */
  locale: string;
  placeholder?: string;
  /** The number field also takes an email (sign-in): a text field with the browser's saved user names. */
  acceptsEmail?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** aria-invalid / aria-describedby of the number input (see `describedBy`). */
  describedBy?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** The language's order, or English's where the tag is none (the server's first paint renders with a placeholder). */
function collatorFor(locale: string): Intl.Collator {
  try {
    return new Intl.Collator([locale, 'en']);
  } catch {
    return new Intl.Collator('en');
  }
}

/** A calling-code picker beside the national number: together they make the international number. */
export function PhoneNumberInput({
  id,
  value,
  onChange,
  codeLabel,
  locale,
  placeholder,
  acceptsEmail,
  disabled,
  autoFocus,
  describedBy,
}: PhoneNumberInputProps) {
  const regions = useDisplayNames(locale)?.regions;
  // The server's first paint of sign-in (which runs no layout effect) shows the picker without its countries: their
  // names are in the viewer's language, which only the app knows; the app fills them in before it paints.
  const [inApp, setInApp] = useState(false);
  useLayoutEffect(() => setInApp(true), []);
  const options = useMemo(() => {
    const collator = collatorFor(locale);
    return PHONE_COUNTRIES.map((country) => ({
      ...country,
      name: regionName(country.iso, locale, regions),
    })).sort((a, b) => collator.compare(a.name, b.name));
  }, [locale, regions]);
  return (
    // The row is shared by a grid, not by widths on the controls (their own `w-full` wins over those): the number
    // never gets less than 7.5 rem, the picker never less than its calling code (5.5 rem), down to 320 px windows.
    <div className="grid grid-cols-[minmax(5.5rem,1fr)_minmax(7.5rem,1.4fr)] gap-2" dir="ltr">
      <Select
        id={`${id}-country`}
        aria-label={codeLabel}
        value={value.iso}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, iso: event.target.value })}
      >
        {(inApp ? options : []).map((country) => (
          <option key={country.iso} value={country.iso}>
            {`+${country.dial} ${country.name}`}
          </option>
        ))}
      </Select>
      <Input
        id={id}
        name={id}
        type={acceptsEmail ? 'text' : 'tel'}
        inputMode={acceptsEmail ? 'email' : 'tel'}
        autoComplete={acceptsEmail ? 'username' : 'tel-national'}
        value={value.national}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => onChange({ ...value, national: event.target.value })}
        {...describedBy}
      />
    </div>
  );
}
