import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { Button } from '../../../shared/ui/button';
import { LoadingState } from '../../../shared/ui/loading-state';
import { RichTextBody } from '../../../shared/ui/rich-text-body';
import { newsPostQuery } from '../api/news-api';
import { NewsDate } from './news-date';

/** One post (/news/:id): title as text, date, cover and the body the server has sanitised. */
export function NewsPostPage() {
  const { keyword, t } = useLanguage();
  const postId = Number.parseInt(useParams().postId ?? '', 10);
  const valid = Number.isInteger(postId) && postId > 0;
  const post = useQuery({ ...newsPostQuery(keyword, valid ? postId : 0), enabled: valid });
  useDocumentTitle(post.data?.title ?? t('news'));
  const back = (
    <Link to="/news" className="text-sm text-muted hover:text-text">
      ← {t('back_to_news')}
    </Link>
  );

  if (valid && post.isPending) return <LoadingState label={t('loading')} />;
  if (!valid || !post.data) {
    const missing = !valid || (isApiError(post.error) && post.error.status === 404);
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-bold">{missing ? t('post_not_found') : t('something_went_wrong')}</h1>
        {missing ? null : (
          <Button variant="secondary" onClick={() => void post.refetch()}>
            {t('try_again')}
          </Button>
        )}
        {back}
      </div>
    );
  }

  const { title, cover, body, publish_at: publishAt } = post.data;
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      {back}
      <header className="flex flex-col gap-3">
        <p className="text-sm text-muted">
          <NewsDate value={publishAt} keyword={keyword} />
        </p>
        <h1 dir="auto" className="break-words text-3xl font-extrabold leading-tight sm:text-4xl">
          {title}
        </h1>
      </header>
      {cover ? (
        <img
          src={cover}
          alt=""
          width={1600}
          height={900}
          className="aspect-video w-full rounded-card border border-border object-cover"
        />
      ) : null}
      <RichTextBody html={body} testId="post-body" />
    </article>
  );
}
