// @vitest-environment happy-dom
import type { LanguageSummary, UserProfile } from '@salomtv/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LanguageContext } from '../../../shared/i18n/language-context';
import { createTranslate } from '../../../shared/i18n/translate';
import { englishLanguage, fakeServer, renderInApp } from '../../../shared/testing/render-in-app';
import { LanguageRow } from './language-row';

const profile = {
  user_id: 4,
  role: 'user',
  first_name: 'Aziz',
  last_name: null,
  email: null,
  pending_email: null,
  phone_number: '+998901234567',
  dob: null,
  gender: null,
  nationality: null,
  language: 'En',
  avatar: null,
  verified: true,
  trial_ends_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
} satisfies UserProfile;

const languages = [
  { lang_id: 1, keyword: 'En', language_title: 'English', dir: 'ltr', flag: null, is_default: true },
  { lang_id: 2, keyword: 'Uz', language_title: 'Oʻzbekcha', dir: 'ltr', flag: null, is_default: false },
] as unknown as LanguageSummary[];

/** The app's language: a chosen one's texts arrive a moment after the choice, as its record loads. */
function SwitchingLanguage({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ keyword: 'En', switching: false });
  const uzbek = state.keyword === 'Uz' && !state.switching;
  const value = englishLanguage({
    keyword: uzbek ? 'Uz' : 'En',
    switching: state.switching,
    t: createTranslate(uzbek ? { keyword: 'Uz', updated: 'Yangilandi', language: 'Til' } : undefined),
    choose: (language) => {
      setState({ keyword: language.keyword, switching: true });
      setTimeout(() => setState({ keyword: language.keyword, switching: false }), 30);
    },
  });
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

describe('the account’s language', () => {
  it('says the change is saved in the language just chosen', async () => {
    fakeServer(({ path, body }) => {
      if (path === '/api/language/select') return { body: languages };
      if (path === '/api/user/edit')
        return { body: { profile: { ...profile, language: (body as { language: string }).language } } };
      return { status: 404 };
    });
    renderInApp(
      <SwitchingLanguage>
        <LanguageRow profile={profile} />
      </SwitchingLanguage>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Change: Language' }));
    const select = await screen.findByLabelText('Choose language');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Oʻzbekcha' })).toBeTruthy());
    await userEvent.selectOptions(select, 'Uz');
    await userEvent.click(screen.getByRole('button', { name: /^Save/ }));

    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Yangilandi'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.queryByText('Updated')).toBeNull();
  });
});
