// @vitest-environment happy-dom
import type { LanguageSummary } from '@salomtv/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../testing/render-in-app';
import { LanguageMenu } from './language-menu';
import { languageKeys } from './languages-api';

const languages: LanguageSummary[] = [
  {
    lang_id: 1,
    keyword: 'En',
    language_title: 'English',
    flag: '/media/flags/en.svg',
    dir: 'ltr',
    is_default: true,
  },
  {
    lang_id: 2,
    keyword: 'Uz',
    language_title: "O'zbek",
    flag: '/media/flags/uz.svg',
    dir: 'ltr',
    is_default: false,
  },
  { lang_id: 3, keyword: 'Ru', language_title: 'Русский', flag: null, dir: 'ltr', is_default: false },
  { lang_id: 4, keyword: 'Ur', language_title: 'اردو', flag: null, dir: 'rtl', is_default: false },
];

/** The header's menu for a viewer reading Uzbek; `choose` is what picking a language calls. */
function renderMenu() {
  const choose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(languageKeys.list(''), languages);
  renderInApp(<LanguageMenu />, {
    queryClient,
    language: { keyword: 'Uz', title: "O'zbek", flag: '/media/flags/uz.svg', choose },
  });
  return {
    choose,
    user: userEvent.setup(),
    button: screen.getByRole('button', { name: "Choose language: O'zbek" }),
  };
}

describe('the language menu', () => {
  it('names the current language on its button and lists every language when opened', async () => {
    const { user, button } = renderMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Choose language' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      "O'zbek",
      'Русский',
      'اردو',
    ]);
    expect(list.contains(document.activeElement)).toBe(true);
  });

  it('marks the current language as the selected one, and each title in its own direction', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    const selected = screen
      .getAllByRole('option')
      .filter((option) => option.getAttribute('aria-selected') === 'true');
    expect(selected.map((option) => option.textContent)).toEqual(["O'zbek"]);
    expect(screen.getByText('اردو').getAttribute('dir')).toBe('rtl');
  });

  it('calls the setter with the picked language, closes and gives focus back to its button', async () => {
    const { user, button, choose } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('option', { name: 'Русский' }));
    expect(choose).toHaveBeenCalledTimes(1);
    expect(choose.mock.calls[0]?.[0]).toMatchObject({ keyword: 'Ru', language_title: 'Русский' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('opens on the current language and picks with the arrows and Enter', async () => {
    const { user, button, choose } = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    const list = screen.getByRole('listbox');
    expect(document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe(
      "O'zbek",
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe(
      'اردو',
    );
    await user.keyboard('{Enter}');
    expect(choose.mock.calls[0]?.[0]).toMatchObject({ keyword: 'Ur' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on Escape without changing the language', async () => {
    const { user, button, choose } = renderMenu();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(choose).not.toHaveBeenCalled();
  });
});
