import { Outlet, ScrollRestoration } from 'react-router';
import { useDropPrerenderedPageElsewhere } from '../../shared/hooks/prerendered-page';

export function RootLayout() {
  useDropPrerenderedPageElsewhere();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
