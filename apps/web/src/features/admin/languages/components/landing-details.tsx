import { describedBy, Field } from '../../../../shared/ui/field';
import { Input, Select } from '../../../../shared/ui/input';
import type { LanguageDetail } from '../api/language-detail';
import { FlagPicker } from './flag-picker';
import { inputIdOf } from './form-layout';

/** The identity of a language: title, keyword, direction and flag. */
export function LandingDetails({
  language,
  errors,
}: {
  language?: LanguageDetail;
  errors: Record<string, string>;
}) {
  const titleId = inputIdOf('language_title');
  const keywordId = inputIdOf('keyword');
  const dirId = inputIdOf('dir');
  const keywordHint = '2 to 10 letters, such as En; the code stored in the browser';
  return (
    <fieldset className="rounded-card border border-border bg-surface p-5 sm:p-6">
      <legend className="px-2 text-lg font-semibold">Landing Details</legend>
      <div className="grid gap-5 md:grid-cols-2">
        <Field id={titleId} label="Language title" error={errors.language_title}>
          <Input
            id={titleId}
            name="language_title"
            defaultValue={language?.language_title ?? ''}
            required
            maxLength={60}
            {...describedBy(titleId, errors.language_title)}
          />
        </Field>
        <Field id={keywordId} label="Keyword" error={errors.keyword} hint={keywordHint}>
          <Input
            id={keywordId}
            name="keyword"
            defaultValue={language?.keyword ?? ''}
            required
            maxLength={10}
            pattern="[A-Za-z]{2,10}"
            autoCapitalize="off"
            {...describedBy(keywordId, errors.keyword, keywordHint)}
          />
        </Field>
        <Field id={dirId} label="Direction" error={errors.dir}>
          <Select
            id={dirId}
            name="dir"
            defaultValue={language?.dir ?? 'ltr'}
            {...describedBy(dirId, errors.dir)}
          >
            <option value="ltr">Left to right (ltr)</option>
            <option value="rtl">Right to left (rtl)</option>
          </Select>
        </Field>
        <FlagPicker current={language?.flag ?? null} error={errors.flag} />
      </div>
    </fieldset>
  );
}
