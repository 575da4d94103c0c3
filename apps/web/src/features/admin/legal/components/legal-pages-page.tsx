import { LEGAL_PAGES, type LegalPageName, type LegalText, legalTextBodySchema } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { languageListQuery } from '../../../../shared/i18n/languages-api';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { useContractForm } from '../../../../shared/ui/contract-form';
import { Field } from '../../../../shared/ui/field';
import { FormField } from '../../../../shared/ui/form-field';
import { Input, Select } from '../../../../shared/ui/input';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { RichTextEditor } from '../../../../shared/ui/rich-text-editor';
import { useToast } from '../../../../shared/ui/toast-context';
import { legalAdminQuery, useSaveLegalText } from '../api/legal-admin';

const PAGE_LABELS: Record<LegalPageName, string> = { terms: 'Terms of use', privacy: 'Privacy policy' };
const isPage = (value: string | null): value is LegalPageName => LEGAL_PAGES.includes(value as LegalPageName);

/**
 * /legalpages: the terms of use and the privacy policy, one text per language. The page and language are in the
 * address (`?page=privacy&lang=Ur`); the body is rich text that the server cleans when it is saved.
 */
export function LegalPagesPage() {
  const [params, setParams] = useSearchParams();
  const page = isPage(params.get('page')) ? (params.get('page') as LegalPageName) : 'terms';
  const languages = useQuery(languageListQuery());
  const texts = useQuery(legalAdminQuery(page));
  const keyword = params.get('lang') ?? languages.data?.[0]?.keyword ?? '';
  const choose = (name: 'page' | 'lang', value: string) =>
    setParams(
      (current) => {
        current.set(name, value);
        return current;
      },
      { replace: true },
    );

  if (languages.isPending || texts.isPending) return <LoadingState label="Loading the pages…" />;
  if (languages.isError || texts.isError) {
    return (
      <>
        <AdminPageHeader title="Legal pages" />
        <Alert>{(languages.error ?? texts.error)?.message}</Alert>
      </>
    );
  }
  const text = texts.data.texts.find((item) => item.language === keyword.toLowerCase());
  return (
    <>
      <AdminPageHeader title="Legal pages" />
      <div className="mb-6 grid max-w-3xl gap-4 sm:grid-cols-2">
        <Field id="legal-page" label="Page">
          <Select id="legal-page" value={page} onChange={(event) => choose('page', event.target.value)}>
            {LEGAL_PAGES.map((name) => (
              <option key={name} value={name}>
                {PAGE_LABELS[name]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="legal-language" label="Language">
          <Select
            id="legal-language"
            value={keyword}
            onChange={(event) => choose('lang', event.target.value)}
          >
            {languages.data.map((language) => (
              <option key={language.keyword} value={language.keyword}>
                {language.language_title} ({language.keyword})
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <LegalTextForm
        key={`${page}:${keyword}:${text?.updated_at ?? ''}`}
        page={page}
        keyword={keyword}
        text={text}
      />
    </>
  );
}

/** One page in one language: its title and text, saved together. */
function LegalTextForm({
  page,
  keyword,
  text,
}: {
  page: LegalPageName;
  keyword: string;
  text: LegalText | undefined;
}) {
  const toast = useToast();
  const save = useSaveLegalText();
  const form = useContractForm(legalTextBodySchema, {
    defaultValues: { title: text?.title ?? '', body: text?.body ?? '' },
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { page, keyword, text: body },
      {
        onSuccess: () => toast.show(`${PAGE_LABELS[page]} (${keyword}) saved`),
        onError: (error) => form.showServerError(error, 'Something went wrong'),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-6" data-testid="legal-form">
      {text ? null : (
        <p className="text-sm text-muted">
          Not written in this language yet: viewers who chose it read the default language's text.
        </p>
      )}
      <FormField form={form} name="title" id="legal-title" label="Title">
        {(control) => <Input {...control} maxLength={200} {...form.register('title')} />}
      </FormField>
      <Controller
        control={form.control}
        name="body"
        render={({ field, fieldState }) => (
          <RichTextEditor
            id="legal-body"
            label="Text"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      {form.formMessage ? <Alert>{form.formMessage}</Alert> : null}
      <div>
        <Button type="submit" busy={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
