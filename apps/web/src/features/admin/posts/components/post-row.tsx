import type { Post } from '@salomtv/contract';
import { Link } from 'react-router';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { formatDateTime, postState } from '../lib/post-dates';
import { ConfirmAction } from './confirm-action';
import { PostStatusBadge } from './post-status-badge';

interface PostRowProps {
  post: Post;
  publishing: boolean;
  deleting: boolean;
  onPublish: (post: Post, publish: boolean) => void;
  onDelete: (post: Post) => void;
}

/** One post of the admin list: cover, title (as text), state, dates and the actions. */
export function PostRow({ post, publishing, deleting, onPublish, onDelete }: PostRowProps) {
  const state = postState(post);
  return (
    <tr className="border-t border-border align-middle" data-testid="post-row">
      <td className="px-4 py-3">
        {post.cover ? (
          <img
            src={post.cover}
            alt=""
            width={96}
            height={54}
            className="aspect-video w-24 rounded object-cover"
          />
        ) : (
          <div aria-hidden className="aspect-video w-24 rounded bg-surface-2" />
        )}
      </td>
      <th scope="row" className="max-w-80 px-4 py-3 text-start font-semibold">
        <span className="line-clamp-2 break-words">{post.title}</span>
        {post.author_name ? (
          <span className="block text-xs font-normal text-muted">by {post.author_name}</span>
        ) : null}
      </th>
      <td className="px-4 py-3">
        <PostStatusBadge state={state} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-muted">
        {post.status === 'published' ? formatDateTime(post.publish_at) : '—'}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-muted">{formatDateTime(post.updated_at)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/post?edit=${post.post_id}`}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Edit ${post.title}`}
          >
            Edit
          </Link>
          <Button
            variant="secondary"
            size="sm"
            busy={publishing}
            onClick={() => onPublish(post, post.status === 'draft')}
          >
            {post.status === 'draft' ? 'Publish' : 'Unpublish'}
          </Button>
          <ConfirmAction
            label="Delete"
            question={`Delete “${post.title}” for good?`}
            confirmLabel="Delete"
            busy={deleting}
            onConfirm={() => onDelete(post)}
          />
        </div>
      </td>
    </tr>
  );
}
