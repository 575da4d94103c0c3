import { useEffect } from 'react';

/** Sets the tab title to "<title> · SalomTV". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · SalomTV` : 'SalomTV';
  }, [title]);
}
