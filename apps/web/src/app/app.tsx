import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { LanguageProvider } from '../shared/i18n/language-provider';
import { ToastProvider } from '../shared/ui/toast-provider';
import { createQueryClient } from './query-client';
import { router } from './routing/router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
