import type { LanguageSummary } from '@salomtv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { languageKeys } from '../../../../shared/i18n/languages-api';

/** `POST /api/language` (create) or `POST /api/language/update` (the form carries lang_id), both multipart. */
export const saveLanguage = (form: FormData) =>
  api.request<LanguageSummary>(form.has('lang_id') ? '/api/language/update' : '/api/language', {
    method: 'POST',
    form,
    timeoutMs: 60_000,
  });

/** Saves, then refreshes every language query: the list, the detail and the viewer's records. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: languageKeys.all }),
  });
}
