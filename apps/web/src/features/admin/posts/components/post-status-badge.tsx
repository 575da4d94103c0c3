import type { PostState } from '../lib/post-dates';

const colours: Record<PostState, string> = {
  draft: 'bg-surface-2 text-muted border-border',
  scheduled: 'bg-focus/15 text-focus border-focus/40',
  published: 'bg-success/15 text-success border-success/40',
};

/** Draft, scheduled (published with a later date) or published. */
export function PostStatusBadge({ state }: { state: PostState }) {
  return (
    <span
      data-testid="post-status"
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize ${colours[state]}`}
    >
      {state}
    </span>
  );
}
