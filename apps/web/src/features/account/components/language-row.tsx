import type { UserProfile } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../../shared/i18n/language-context';
import { languageListQuery } from '../../../shared/i18n/languages-api';
import { describedBy, Field } from '../../../shared/ui/field';
import { Select } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import { useEditProfile } from '../api/profile';
import { refusalOf } from './account-format';
import { EditableRow } from './editable-row';

const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/** Language: saved on the account (applied at every sign-in) and shown at once. */
export function LanguageRow({ profile }: { profile: UserProfile }) {
  const { t, keyword, title, choose, switching, status } = useLanguage();
  const toast = useToast();
  const edit = useEditProfile();
  const languages = useQuery(languageListQuery()).data ?? [];
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState('');
  // The saved language's keyword until its texts are on screen: "Updated" is said in the language chosen.
  const [announce, setAnnounce] = useState<string | null>(null);
  useEffect(() => {
    if (!announce || switching || status === 'loading') return;
    if (!same(keyword, announce) && status !== 'fallback') return;
    setAnnounce(null);
    toast.show(t('updated'));
  }, [announce, switching, status, keyword, t, toast]);
  const refusal = refusalOf(edit.error, ['language'], t);
  const error = refusal.fields.language;
  const saved = languages.find((language) => same(profile.language, language.keyword));

  const save = () => {
    const language = languages.find((item) => item.keyword === picked);
    if (!language) return;
    edit.mutate(
      { language: language.keyword },
      {
        onSuccess: () => {
          setAnnounce(language.keyword);
          choose(language);
          setOpen(false);
        },
      },
    );
  };

  return (
    <EditableRow
      id="language"
      label={t('language')}
      value={saved?.language_title ?? title}
      open={open}
      onOpen={() => {
        setPicked(saved?.keyword ?? languages.find((item) => same(keyword, item.keyword))?.keyword ?? '');
        edit.reset();
        setOpen(true);
      }}
      onCancel={() => setOpen(false)}
      onSave={save}
      busy={edit.isPending}
      saveDisabled={!picked}
      message={refusal.message}
    >
      <Field id="account-language" label={t('choose_language')} error={error}>
        <Select
          id="account-language"
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          {...describedBy('account-language', error)}
        >
          {languages.map((language) => (
            <option key={language.lang_id} value={language.keyword} lang={language.keyword.toLowerCase()}>
              {language.language_title}
            </option>
          ))}
        </Select>
      </Field>
    </EditableRow>
  );
}
