import type { LanguageExport, LanguageSummary } from '@salomtv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { ApiError } from '../../../../shared/api/api-error';
import { languageKeys } from '../../../../shared/i18n/languages-api';

/** `GET /api/language/:lang_id/export`, saved by the browser as language-<keyword>.json. */
export async function downloadLanguageExport(langId: number): Promise<void> {
  const file = await api.request<LanguageExport>(`/api/language/${langId}/export`);
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `language-${file.keyword}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function readJsonFile(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text());
  } catch {
    throw new ApiError({
      status: 400,
      code: 'invalid_file',
      message: `${file.name} is not a valid JSON file`,
    });
  }
}

/** `POST /api/language/:lang_id/import` with a translator's JSON file. */
export function useImportLanguage(langId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      api.request<LanguageSummary>(`/api/language/${langId}/import`, {
        method: 'POST',
        json: await readJsonFile(file),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: languageKeys.all }),
  });
}
