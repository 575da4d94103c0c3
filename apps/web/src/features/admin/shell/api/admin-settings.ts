import { ADMIN_THEMES, type AdminSettings, DEFAULT_ADMIN_SETTINGS } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

const settingsKey = ['admin-shell', 'settings'] as const;
const CACHE_KEY = 'salomtv.admin-settings';

/** The last settings this browser saw, so a reload paints the admin's theme before the answer arrives. */
export function readCachedSettings(storage: Pick<Storage, 'getItem'> | undefined): AdminSettings | undefined {
  try {
    const value = JSON.parse(storage?.getItem(CACHE_KEY) ?? 'null') as Partial<AdminSettings> | null;
    if (!value || typeof value !== 'object') return undefined;
    const pick = <T extends string>(options: readonly T[], raw: unknown, fallback: T): T =>
      options.includes(raw as T) ? (raw as T) : fallback;
    return {
      layout: pick(['light', 'dark'], value.layout, DEFAULT_ADMIN_SETTINGS.layout),
      sidebar: pick(['light', 'dark'], value.sidebar, DEFAULT_ADMIN_SETTINGS.sidebar),
      theme: pick(ADMIN_THEMES, value.theme, DEFAULT_ADMIN_SETTINGS.theme),
      mini_sidebar: value.mini_sidebar === true,
      sticky_header: value.sticky_header === true,
    };
  } catch {
    return undefined;
  }
}

export function writeCachedSettings(storage: Pick<Storage, 'setItem'> | undefined, settings: AdminSettings) {
  try {
    storage?.setItem(CACHE_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or blocked: the server keeps the settings anyway.
  }
}

export const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** `GET /api/admin/settings`: the settings side panel's choices, kept per admin on the server. */
export const adminSettingsQuery = () =>
  queryOptions<AdminSettings, Error, AdminSettings, typeof settingsKey>({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.request<AdminSettings>('/api/admin/settings', { signal }),
    placeholderData: () => readCachedSettings(browserStorage()),
    staleTime: 5 * 60_000,
  });

export type SettingsChange = Partial<AdminSettings> | 'reset';

/**
 * `POST /api/admin/settings` (any subset) or `POST /api/admin/settings/reset` (Restore Default). The shell
 * changes at once; a refused save puts the previous settings back. Saves run one after another.
 */
export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-settings'],
    scope: { id: 'admin-settings' },
    mutationFn: (change: SettingsChange) =>
      change === 'reset'
        ? api.request<AdminSettings>('/api/admin/settings/reset', { method: 'POST' })
        : api.request<AdminSettings>('/api/admin/settings', { method: 'POST', json: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const previous = queryClient.getQueryData<AdminSettings>(settingsKey);
      const next =
        change === 'reset' ? DEFAULT_ADMIN_SETTINGS : { ...(previous ?? DEFAULT_ADMIN_SETTINGS), ...change };
      queryClient.setQueryData(settingsKey, next);
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKey, context.previous);
    },
    onSuccess: (saved) => {
      // A later save may already be on its way: keep the choices the admin sees, take the server's answer last.
      if (queryClient.isMutating({ mutationKey: ['admin-settings'] }) <= 1)
        queryClient.setQueryData(settingsKey, saved);
    },
  });
}
