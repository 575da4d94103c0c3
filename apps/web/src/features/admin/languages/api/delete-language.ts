import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { languageKeys } from '../../../../shared/i18n/languages-api';

/** `DELETE /api/language/:lang_id` (the default language answers 409). */
export function useDeleteLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (langId: number) => api.request<void>(`/api/language/${langId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: languageKeys.all }),
  });
}
