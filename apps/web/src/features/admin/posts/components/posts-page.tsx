import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';

/** Posts (/post): news posts for viewers. */
export function PostsPage() {
  return (
    <>
      <AdminPageHeader title="Posts" />
      <p className="text-muted">News posts shown to viewers.</p>
    </>
  );
}
