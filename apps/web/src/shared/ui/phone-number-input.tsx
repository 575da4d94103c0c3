import { useMemo } from 'react';
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
  disabled?: boolean;
  autoFocus?: boolean;
  /** aria-invalid / aria-describedby of the number input (see `describedBy`). */
  describedBy?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** A calling-code picker beside the national number: together they make the international number. */
export function PhoneNumberInput({
  id,
  value,
  onChange,
  codeLabel,
  locale,
  placeholder,
  disabled,
  autoFocus,
  describedBy,
}: PhoneNumberInputProps) {
  const regions = useDisplayNames(locale)?.regions;
  const options = useMemo(
    () =>
      PHONE_COUNTRIES.map((country) => ({ ...country, name: regionName(country.iso, locale, regions) })).sort(
        (a, b) => a.name.localeCompare(b.name, locale),
      ),
    [locale, regions],
  );
  return (
    <div className="flex gap-2" dir="ltr">
      <Select
        id={`${id}-country`}
        aria-label={codeLabel}
        className="w-36 shrink-0 sm:w-44"
        value={value.iso}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, iso: event.target.value })}
      >
        {options.map((country) => (
          <option key={country.iso} value={country.iso}>
            {`+${country.dial} ${country.name}`}
          </option>
        ))}
      </Select>
      <Input
        id={id}
        name={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        className="min-w-0 flex-1"
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
