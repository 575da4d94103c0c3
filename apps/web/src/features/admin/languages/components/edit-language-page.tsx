import type { LanguageSummary } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { type ApiError, isApiError } from '../../../../shared/api/api-error';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { useToast } from '../../../../shared/ui/toast-context';
import { languageDetailQuery } from '../api/language-detail';
import { useSaveLanguage } from '../api/save-language';
import { LanguageForm } from './language-form';
import { TransferButtons } from './transfer-buttons';

const backLink = (
  <Link to="/language" className={buttonClasses('secondary', 'sm')}>
    All Languages
  </Link>
);

/** /editlanguage?lang_id=…: the row comes as navigation state, the address keeps lang_id so a reload works. */
export function EditLanguagePage() {
  const [params] = useSearchParams();
  const state = useLocation().state as { language?: LanguageSummary } | null;
  const langId = Number(params.get('lang_id') ?? state?.language?.lang_id);
  const valid = Number.isInteger(langId) && langId > 0;
  const detail = useQuery({ ...languageDetailQuery(langId), enabled: valid });
  const save = useSaveLanguage();
  const toast = useToast();
  const [transferError, setTransferError] = useState<ApiError | null>(null);
  const title = detail.data?.language_title ?? state?.language?.language_title;

  if (!valid) {
    return (
      <>
        <AdminPageHeader title="Edit language" actions={backLink} />
        <Alert tone="info">Choose a language to edit from the list of all languages.</Alert>
      </>
    );
  }
  const actions = (
    <>
      <TransferButtons langId={langId} onError={setTransferError} />
      {backLink}
    </>
  );
  return (
    <>
      <AdminPageHeader title={title ? `Edit language: ${title}` : 'Edit language'} actions={actions} />
      {transferError ? (
        <div className="mb-4">
          <Alert>
            {transferError.message}
            {Object.entries(transferError.fields).map(([name, message]) => ` ${name}: ${message}.`)}
          </Alert>
        </div>
      ) : null}
      {detail.isPending ? <LoadingState label="Loading the language…" /> : null}
      {detail.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{detail.error.message}</Alert>
          <Button variant="secondary" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {detail.data ? (
        <LanguageForm
          key={detail.dataUpdatedAt}
          language={detail.data}
          busy={save.isPending}
          error={isApiError(save.error) ? save.error : null}
          onSubmit={(form) => save.mutate(form, { onSuccess: () => toast.show('Updated') })}
        />
      ) : null}
    </>
  );
}
