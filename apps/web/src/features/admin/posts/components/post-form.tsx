import { type Post, postFieldsSchema } from '@salomtv/contract';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { useContractForm } from '../../../../shared/ui/contract-form';
import { FormField } from '../../../../shared/ui/form-field';
import { Input, Select } from '../../../../shared/ui/input';
import { RichTextEditor } from '../../../../shared/ui/rich-text-editor';
import { useToast } from '../../../../shared/ui/toast-context';
import { useRemoveCover, useSavePost } from '../api/post-mutations';
import { fromLocalInput, toLocalInput } from '../lib/post-dates';
import { CoverPicker } from './cover-picker';

/** What the form holds: the publish date as the `datetime-local` input's value. */
type PostForm = { title: string; body: string; status: 'draft' | 'published'; publish_at: string };

const toBody = (values: PostForm) => ({ ...values, publish_at: fromLocalInput(values.publish_at) });

/** The create and edit form: title, cover, rich-text body, status and publish date. */
export function PostForm({ post }: { post: Post | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePost();
  const removeCover = useRemoveCover();
  const form = useContractForm(postFieldsSchema, {
    defaultValues: {
      title: post?.title ?? '',
      body: post?.body ?? '',
      status: post?.status ?? 'draft',
      publish_at: toLocalInput(post?.publish_at),
    },
    toBody,
  });
  const [cover, setCover] = useState<File | null>(null);
  const location = useLocation();
  // A new post whose cover was refused reopens here as saved, carrying the reason.
  const [coverError, setCoverError] = useState<string | undefined>(
    () => (location.state as { coverError?: string } | null)?.coverError,
  );
  const serverFields = isApiError(save.error) ? save.error.fields : {};

  const submit = form.handleSubmit((fields) => {
    setCoverError(undefined);
    save.mutate(
      { postId: post?.post_id ?? null, fields, cover },
      {
        // A refused cover is shown by the cover picker.
        onError: (error) =>
          isApiError(error) && error.fields.cover
            ? undefined
            : form.showServerError(error, 'Something went wrong'),
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
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-6">
      <FormField form={form} name="title" id="post-title" label="Title">
        {(control) => <Input {...control} maxLength={200} {...form.register('title')} />}
      </FormField>
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
        error={coverError ?? serverFields.cover ?? removeCover.error?.message}
      />
      <Controller
        control={form.control}
        name="body"
        render={({ field, fieldState }) => (
          <RichTextEditor
            key={post?.post_id ?? 'new'}
            id="post-body"
            label="Body"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField form={form} name="status" id="post-status" label="Status">
          {(control) => (
            <Select {...control} {...form.register('status')}>
              <option value="draft">Draft</option>
              <option value="published">Published</option>
            </Select>
          )}
        </FormField>
        <FormField
          form={form}
          name="publish_at"
          id="post-publish-at"
          label="Publish date"
          hint="Empty: at once when published. A later date schedules the post."
        >
          {(control) => <Input {...control} type="datetime-local" {...form.register('publish_at')} />}
        </FormField>
      </div>
      {form.formMessage ? <Alert>{form.formMessage}</Alert> : null}
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
