// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error';
import { renderInApp } from '../../../../shared/testing/render-in-app';
import type { LanguageDetail } from '../api/language-detail';
import { LanguageForm } from './language-form';

const input = (name: string) => {
  const element = document.getElementById(`lang-${name}`);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error(`no input for ${name}`);
  }
  return element;
};

/** The form as the admin fills it; `sent` gives the fields of each submit. */
function renderForm(props: { language?: LanguageDetail; error?: ApiError } = {}) {
  const onSubmit = vi.fn<(form: FormData) => void>();
  renderInApp(
    <LanguageForm language={props.language} busy={false} error={props.error ?? null} onSubmit={onSubmit} />,
  );
  const sent = () => onSubmit.mock.calls.map(([form]) => Object.fromEntries(form.entries()));
  return { user: userEvent.setup(), onSubmit, sent };
}

// Each typed character renders the form again, one input per translation key (over 650): seconds on a busy
// machine, past vitest's 5 s default.
describe('the admin language form', { timeout: 30_000 }, () => {
  it('requires a title and a keyword, and leaves every translation optional', () => {
    renderForm();
    expect((screen.getByLabelText('Language title') as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).required).toBe(true);
    expect(input('sign_in').required).toBe(false);
    // Missing texts fall back to English: each input shows the English text it replaces.
    expect(input('sign_in').placeholder).toBe('Sign In');
  });

  it('submits the title, keyword, direction and the texts typed, without an empty flag', async () => {
    const { user, sent } = renderForm();
    await user.type(screen.getByLabelText('Language title'), 'Deutsch');
    await user.type(screen.getByLabelText('Keyword'), 'De');
    await user.selectOptions(screen.getByLabelText('Direction'), 'rtl');
    await user.type(input('sign_in'), 'Anmelden');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent()).toHaveLength(1);
    const form = sent()[0] ?? {};
    expect(form).toMatchObject({ language_title: 'Deutsch', keyword: 'De', dir: 'rtl', sign_in: 'Anmelden' });
    expect(form).not.toHaveProperty('flag');
    expect(form).not.toHaveProperty('lang_id');
  });

  it('lays the translation inputs out in the direction chosen', async () => {
    const { user } = renderForm();
    expect(input('sign_in').dir).toBe('ltr');
    await user.selectOptions(screen.getByLabelText('Direction'), 'rtl');
    expect(input('sign_in').dir).toBe('rtl');
  });

  it("asks for the plural forms the keyword's language uses", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Keyword'), 'En');
    expect(document.getElementById('lang-views_count_few')).toBeNull();
    await user.clear(screen.getByLabelText('Keyword'));
    await user.type(screen.getByLabelText('Keyword'), 'Ru');
    expect(input('views_count_few')).toBeTruthy();
    expect(input('views_count_many')).toBeTruthy();
  });

  it('edits a stored language: its values filled in, and its id sent with them', async () => {
    const { user, sent } = renderForm({
      language: {
        lang_id: 7,
        keyword: 'Ur',
        language_title: 'اردو',
        flag: '/media/flags/ur.svg',
        dir: 'rtl',
        is_default: false,
        texts: { sign_in: 'سائن ان' },
      },
    });
    expect((screen.getByLabelText('Language title') as HTMLInputElement).value).toBe('اردو');
    expect((screen.getByLabelText('Direction') as HTMLSelectElement).value).toBe('rtl');
    expect(input('sign_in').value).toBe('سائن ان');
    expect(screen.getByTestId('flag-preview').getAttribute('src')).toBe('/media/flags/ur.svg');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent()[0]).toMatchObject({
      lang_id: '7',
      keyword: 'Ur',
      language_title: 'اردو',
      sign_in: 'سائن ان',
    });
  });

  it("lists a refused save's errors at the top, each linking to its field, and marks the fields", () => {
    renderForm({
      error: new ApiError({
        status: 400,
        code: 'validation_failed',
        message: 'Check the highlighted fields',
        fields: { language_title: 'Enter the language title', keyword: 'This keyword is taken' },
      }),
    });
    const summary = screen.getByTestId('error-summary');
    expect(summary.textContent).toContain('Check the highlighted fields');
    const links = [...summary.querySelectorAll('a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Language title', '#lang-language_title'],
      ['Keyword', '#lang-keyword'],
    ]);
    expect(document.activeElement).toBe(summary);
    const keyword = screen.getByLabelText('Keyword');
    expect(keyword.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This keyword is taken')).toBeTruthy();
  });
});
