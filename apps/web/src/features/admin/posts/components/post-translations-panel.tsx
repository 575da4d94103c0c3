import { type Post, postTranslationBodySchema } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { languageListQuery } from '../../../../shared/i18n/languages-api';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { useContractForm } from '../../../../shared/ui/contract-form';
import { Field } from '../../../../shared/ui/field';
import { FormField } from '../../../../shared/ui/form-field';
import { Input, Select } from '../../../../shared/ui/input';
import { RichTextEditor } from '../../../../shared/ui/rich-text-editor';
import { useToast } from '../../../../shared/ui/toast-context';
import { postTranslationsQuery, useChangePostTranslation } from '../api/post-translations';

/**
 * The post in other languages: a title and body per language the site has; a viewer reading a language without
 * one sees the post as written.
 */
export function PostTranslationsPanel({ post }: { post: Post }) {
  const languages = (useQuery(languageListQuery()).data ?? []).filter((language) => !language.is_default);
  const translations = useQuery(postTranslationsQuery(post.post_id)).data ?? [];
  const [chosen, setChosen] = useState('');
  const keyword = chosen || languages[0]?.keyword || '';
  const current = translations.find((row) => row.language === keyword.toLowerCase());
  const languageTitle = languages.find((language) => language.keyword === keyword)?.language_title ?? keyword;
  if (!keyword) return null;
  return (
    <section aria-labelledby="post-translations-title" className="flex flex-col gap-4">
      <h2 id="post-translations-title" className="text-lg font-semibold">
        In other languages
      </h2>
      <Field id="post-translation-language" label="Language">
        <Select
          id="post-translation-language"
          value={keyword}
          onChange={(event) => setChosen(event.target.value)}
        >
          {languages.map((language) => (
            <option key={language.keyword} value={language.keyword}>
              {language.language_title}
              {translations.some((row) => row.language === language.keyword.toLowerCase()) ? ' ✓' : ''}
            </option>
          ))}
        </Select>
      </Field>
      <TranslationForm
        key={`${keyword}-${current?.updated_at ?? ''}`}
        postId={post.post_id}
        keyword={keyword}
        languageTitle={languageTitle}
        title={current?.title ?? ''}
        body={current?.body ?? ''}
        saved={Boolean(current)}
      />
    </section>
  );
}

function TranslationForm(props: {
  postId: number;
  keyword: string;
  languageTitle: string;
  title: string;
  body: string;
  saved: boolean;
}) {
  const toast = useToast();
  const change = useChangePostTranslation(props.postId);
  const form = useContractForm(postTranslationBodySchema, {
    defaultValues: { language: props.keyword, title: props.title, body: props.body },
  });
  const submit = form.handleSubmit((body) =>
    change.mutate(
      { remove: false, body },
      {
        onSuccess: () => toast.show('Translation saved'),
        onError: (error) => form.showServerError(error, 'Something went wrong'),
      },
    ),
  );
  const remove = () =>
    change.mutate(
      { remove: true, body: { language: props.keyword, title: props.title } },
      { onSuccess: () => toast.show('Translation removed') },
    );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Translation">
      {form.formMessage ? <Alert>{form.formMessage}</Alert> : null}
      <FormField
        form={form}
        name="title"
        id="post-translation-title"
        label={`Title in ${props.languageTitle}`}
      >
        {(control) => (
          <Input {...control} dir="auto" lang={props.keyword.toLowerCase()} {...form.register('title')} />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="body"
        render={({ field, fieldState }) => (
          <RichTextEditor
            id="post-translation-body"
            label={`Body in ${props.languageTitle}`}
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={change.isPending && !change.variables?.remove}>
          Save translation
        </Button>
        {props.saved ? (
          <Button variant="ghost" onClick={remove} busy={change.isPending && change.variables?.remove}>
            Remove translation
          </Button>
        ) : null}
      </div>
    </form>
  );
}
