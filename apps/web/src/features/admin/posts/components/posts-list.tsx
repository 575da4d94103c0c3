import type { Post } from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListParams, useSearchParamText } from '../../../../shared/hooks/use-list-params';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { ListQueryState, ListTable } from '../../../../shared/ui/list-table';
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
  const { params, page, update } = useListParams();
  const status = FILTERS.find((value) => value === params.get('status'));
  const { search, setSearch, debounced } = useSearchParamText(250);
  const toast = useToast();
  const publish = usePublishPost();
  const remove = useDeletePost();

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
      <ListQueryState query={list} loadingLabel="Loading posts…" retry />
      {list.data ? (
        <>
          <ListTable
            columns={COLUMNS}
            minWidth="min-w-[880px]"
            caption="News posts"
            busy={list.isFetching}
            empty={
              list.data.items.length === 0
                ? debounced || status
                  ? 'No post matches these filters.'
                  : 'No posts yet. Write the first one with Add post.'
                : null
            }
          >
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
          </ListTable>
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
