import type { LegalPageName } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatDate } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { LoadingState } from '../../../shared/ui/loading-state';
import { RichTextBody } from '../../../shared/ui/rich-text-body';
import { legalQuery } from '../api/legal-api';

/** A legal page in the viewer's language: its title, when it last changed, and the text an admin wrote. */
function LegalPage({ page }: { page: LegalPageName }) {
  const { t, keyword } = useLanguage();
  const text = useQuery(legalQuery(page, keyword));
  useDocumentTitle(text.data?.title ?? t(page === 'terms' ? 'terms_of_use' : 'privacy_policy'));

  if (text.isPending) return <LoadingState label={t('loading')} />;
  if (!text.data) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-bold">{t('something_went_wrong')}</h1>
        <Button variant="secondary" onClick={() => void text.refetch()}>
          {t('try_again')}
        </Button>
      </div>
    );
  }
  const updated = formatDate(text.data.updated_at, htmlLangOf(keyword)) ?? '';
  return (
    <article
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6"
      lang={htmlLangOf(text.data.language)}
    >
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold leading-tight sm:text-4xl">{text.data.title}</h1>
        <p className="text-sm text-muted">{fill(t('last_updated'), { date: updated })}</p>
      </header>
      <RichTextBody html={text.data.body} testId="legal-body" />
    </article>
  );
}

/** /terms: the terms of use. */
export const TermsPage = () => <LegalPage page="terms" />;
/** /privacy: the privacy policy. */
export const PrivacyPage = () => <LegalPage page="privacy" />;
