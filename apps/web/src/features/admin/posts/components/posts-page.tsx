import { useSearchParams } from 'react-router';
import { PostEditor } from './post-editor';
import { PostsList } from './posts-list';

/** Posts (/post): the list of news posts, or the editor when `?edit=new` or `?edit=<post_id>` is asked. */
export function PostsPage() {
  const [params] = useSearchParams();
  const edit = params.get('edit');
  if (edit === null) return <PostsList />;
  const postId = Number.parseInt(edit, 10);
  return <PostEditor postId={Number.isInteger(postId) && postId > 0 ? postId : null} />;
}
