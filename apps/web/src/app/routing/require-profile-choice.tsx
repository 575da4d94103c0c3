import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useProfiles } from '../../shared/api/profiles';

const currentOf = (reply: { current: number | null }) => reply.current;

/**
 * A session on no profile (the one it was on was deleted, here or on another device) sees "Who's watching?" before
 * any other page, and comes back to the page it was on once it has chosen.
 */
export function RequireProfileChoice({ children }: { children: ReactNode }) {
  const location = useLocation();
  const current = useProfiles(currentOf).data;
  if (current === null && location.pathname.toLowerCase() !== '/profiles') {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/profiles?${new URLSearchParams({ next })}`} replace />;
  }
  return children;
}
