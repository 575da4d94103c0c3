import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { postDetailQuery } from '../api/admin-posts';
import { postState } from '../lib/post-dates';
import { PostForm } from './post-form';
import { PostStatusBadge } from './post-status-badge';
import { PostTranslationsPanel } from './post-translations-panel';

/** /post?edit=new or /post?edit=<post_id>: the form, on a fresh or a loaded post. */
export function PostEditor({ postId }: { postId: number | null }) {
  const detail = useQuery({ ...postDetailQuery(postId ?? 0), enabled: postId !== null });
  const back = (
    <Link to="/post" className="text-sm">
      Back to posts
    </Link>
  );
  if (postId === null) {
    return (
      <>
        <AdminPageHeader title="Add post" actions={back} />
        <PostForm post={null} />
      </>
    );
  }
  if (detail.isPending) return <LoadingState label="Loading the post…" />;
  if (detail.isError) {
    return (
      <>
        <AdminPageHeader title="Edit post" actions={back} />
        <Alert>{detail.error.message}</Alert>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader
        title="Edit post"
        actions={
          <>
            <PostStatusBadge state={postState(detail.data)} />
            {back}
          </>
        }
      />
      <PostForm key={detail.data.post_id} post={detail.data} />
      <PostTranslationsPanel post={detail.data} />
    </>
  );
}
