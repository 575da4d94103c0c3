import { dateTimeFormat } from '@salomtv/contract';
import { htmlLangOf } from '../../../shared/i18n/translate';

/** A post's publish date in the viewer's language, as a `<time>`. */
export function NewsDate({ value, keyword }: { value: string | null; keyword: string }) {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  let text: string;
  try {
    text = dateTimeFormat([htmlLangOf(keyword), 'en'], { dateStyle: 'long' }).format(date);
  } catch {
    text = value.slice(0, 10);
  }
  return <time dateTime={value}>{text}</time>;
}
