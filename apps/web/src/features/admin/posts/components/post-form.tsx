import { type Post, type PostFields, postFieldsSchema } from '@salomtv/contract';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input, Select } from '../../../../shared/ui/input';
import { RichTextEditor } from '../../../../shared/ui/rich-text-editor';
import { useToast } from '../../../../shared/ui/toast-context';
import { useRemoveCover, useSavePost } from '../api/post-mutations';
import { fromLocalInput, toLocalInput } from '../lib/post-dates';
import { CoverPicker } from './cover-picker';

type Errors = Partial<Record<'title' | 'body' | 'status' | 'publish_at' | 'cover', string>>;

/** The create and edit form: title, cover, rich-text body, status and publish date. */
export function PostForm({ post }: { post: Post | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePost();
  const removeCover = useRemoveCover();
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [status, setStatus] = useState<'draft' | 'published'>(post?.status ?? 'draft');
  const [publishAt, setPublishAt] = useState(toLocalInput(post?.publish_at));
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const location = useLocation();
  // A new post whose cover was refused reopens here as saved, carrying the reason.
  const [coverError, setCoverError] = useState<string | undefined>(
    () => (location.state as { coverError?: string } | null)?.coverError,
  );

  const serverFields = isApiError(save.error) ? save.error.fields : {};
  const error = (name: keyof Errors) => errors[name] ?? serverFields[name];
  const unnamed =
    save.error && !(isApiError(save.error) && Object.keys(save.error.fields).length > 0)
      ? save.error.message
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: PostFields = { title, body, status, publish_at: fromLocalInput(publishAt) };
    const parsed = postFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setCoverError(undefined);
    save.mutate(
      { postId: post?.post_id ?? null, fields: parsed.data, cover },
      {
        onSuccess: ({ post: saved, coverError: refused }) => {
          if (!refused) {
            toast.show(`${saved.title} saved`);
            navigate('/post');
            return;
          }
          // The text was saved but the cover was not: carry on editing the saved post.
          setCoverError(refused.message);
          setCover(null);
          if (!post) {
            navigate(`/post?edit=${saved.post_id}`, {
              replace: true,
              state: { coverError: refused.message },
            });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-6">
      <Field id="post-title" label="Title" error={error('title')}>
        <Input
          id="post-title"
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          {...describedBy('post-title', error('title'))}
        />
      </Field>
      <CoverPicker
        current={post?.cover ?? null}
        file={cover}
        onFile={setCover}
        onRemoveSaved={
          post
            ? () => removeCover.mutate(post.post_id, { onSuccess: () => toast.show('Cover removed') })
            : undefined
        }
        removing={removeCover.isPending}
        error={coverError ?? error('cover') ?? removeCover.error?.message}
      />
      <RichTextEditor
        key={post?.post_id ?? 'new'}
        id="post-body"
        label="Body"
        value={body}
        onChange={setBody}
        error={error('body')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="post-status" label="Status" error={error('status')}>
          <Select
            id="post-status"
            value={status}
            onChange={(event) => setStatus(event.target.value === 'published' ? 'published' : 'draft')}
          >
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </Select>
        </Field>
        <Field
          id="post-publish-at"
          label="Publish date"
          error={error('publish_at')}
          hint="Empty: at once when published. A later date schedules the post."
        >
          <Input
            id="post-publish-at"
            type="datetime-local"
            value={publishAt}
            onChange={(event) => setPublishAt(event.target.value)}
            {...describedBy('post-publish-at', error('publish_at'), 'hint')}
          />
        </Field>
      </div>
      {unnamed ? <Alert>{unnamed}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={save.isPending}>
          {post ? 'Save changes' : 'Create post'}
        </Button>
        <Button variant="secondary" onClick={() => navigate('/post')}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
