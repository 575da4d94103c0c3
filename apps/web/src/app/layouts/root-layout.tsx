import { Outlet, ScrollRestoration } from 'react-router';
import { useDropPrerenderedPageElsewhere } from '../../shared/prerender/prerendered-page';

export function RootLayout() {
  useDropPrerenderedPageElsewhere();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
