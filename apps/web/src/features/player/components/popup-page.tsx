import { Navigate, useSearchParams } from 'react-router';

/** /popup?title=<id>: the layout opens the popup player for the title; without one there is nothing to show. */
export function PopupPage() {
  const [params] = useSearchParams();
  if (!Number(params.get('title'))) return <Navigate to="/home" replace />;
  return <div className="min-h-[60dvh]" />;
}
