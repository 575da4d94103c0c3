import { QueryClientProvider } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AccountLanguage } from '../features/account/components/account-language';
import { LanguageProvider } from '../shared/i18n/language-provider';
import { ToastProvider } from '../shared/ui/toast-provider';
import { queryClient } from './query-client';

export function App({ router }: { router: DataRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <AccountLanguage>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AccountLanguage>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
