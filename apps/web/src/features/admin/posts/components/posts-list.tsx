import type { Post } from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { Pagination } from '../../../../shared/ui/pagination';
import { useToast } from '../../../../shared/ui/toast-context';
import { postListQuery } from '../api/admin-posts';
import type { PostStatusFilter } from '../api/post-keys';
import { useDeletePost, usePublishPost } from '../api/post-mutations';
import { PostFilters } from './post-filters';
import { PostRow } from './post-row';

const PAGE_SIZE = 20;
const COLUMNS = ['Cover', 'Title', 'Status', 'Publish date', 'Updated', 'Action'];
const FILTERS: readonly PostStatusFilter[] = ['draft', 'scheduled', 'published'];

/** The list of /post: every post, searchable and filtered by status on the server. */
export function PostsList() {
  const [params, setParams] = useSearchParams();
  const status = FILTERS.find((value) => value === params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search.trim(), 250);
  const toast = useToast();
  const publish = usePublishPost();
  const remove = useDeletePost();

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if ((params.get('search') ?? '') === debounced) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, params, setParams]);

  const list = useQuery({
    ...postListQuery({ page, pageSize: PAGE_SIZE, search: debounced, status }),
    placeholderData: keepPreviousData,
  });

  const onPublish = (post: Post, value: boolean) =>
    publish.mutate(
      { postId: post.post_id, publish: value },
      {
        onSuccess: (saved) =>
          toast.show(
            value
              ? `${saved.title} ${saved.visible ? 'published' : 'scheduled'}`
              : `${saved.title} unpublished`,
          ),
      },
    );
  const onDelete = (post: Post) =>
    remove.mutate(post.post_id, { onSuccess: () => toast.show(`${post.title} deleted`) });
  const failure = publish.error ?? remove.error;

  return (
    <>
      <AdminPageHeader
        title="Posts"
        actions={
          <Link to="/post?edit=new" className={buttonClasses('primary', 'md')}>
            Add post
          </Link>
        }
      />
      <PostFilters
        search={search}
        status={status ?? ''}
        onSearch={setSearch}
        onStatus={(value) => update({ status: value })}
      />
      {failure ? (
        <div className="mb-4">
          <Alert>{failure.message}</Alert>
        </div>
      ) : null}
      {list.isPending ? <LoadingState label="Loading posts…" /> : null}
      {list.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{list.error.message}</Alert>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.data ? (
        <>
          <div
            className="overflow-x-auto rounded-card border border-border bg-surface"
            aria-busy={list.isFetching}
          >
            <table className="w-full min-w-[880px] text-start text-sm">
              <caption className="sr-only">News posts</caption>
              <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 text-start">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((post) => (
                  <PostRow
                    key={post.post_id}
                    post={post}
                    publishing={publish.isPending && publish.variables?.postId === post.post_id}
                    deleting={remove.isPending && remove.variables === post.post_id}
                    onPublish={onPublish}
                    onDelete={onDelete}
                  />
                ))}
                {list.data.items.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="px-4 py-8 text-center text-muted">
                      {debounced || status
                        ? 'No post matches these filters.'
                        : 'No posts yet. Write the first one with Add post.'}
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
          <Pagination
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(next) => update({ page: String(next) })}
          />
        </>
      ) : null}
    </>
  );
}
