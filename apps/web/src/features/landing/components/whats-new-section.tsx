import { dateTimeFormat } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { SparkIcon } from '../../../shared/ui/icons';
import { latestPostsQuery } from '../api/landing-api';

function shortDate(value: string | null, keyword: string): string {
  if (!value) return '';
  try {
    return dateTimeFormat([htmlLangOf(keyword), 'en'], { dateStyle: 'medium' }).format(new Date(value));
  } catch {
    return value.slice(0, 10);
  }
}

/** What's new on SalomTV (spec viewer 1): the latest news posts, a link to all news and Subscribe Now. */
export function WhatsNewSection() {
  const { keyword, t } = useLanguage();
  const posts = useQuery(latestPostsQuery(keyword)).data?.items ?? [];
  return (
    <section aria-labelledby="whats-new-title" className="relative isolate overflow-hidden py-16">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,var(--color-brand-soft),transparent_55%),radial-gradient(circle_at_80%_70%,#1d4ed833,transparent_50%)]"
      />
      <div className="mx-auto flex max-w-screen-xl flex-col items-center gap-8 px-4 text-center sm:px-6">
        <div className="flex flex-col items-center gap-4">
          <SparkIcon className="size-10 text-brand-strong" />
          <h2 id="whats-new-title" className="text-3xl font-bold sm:text-4xl">
            {t('whats_New_on_salomtv')}
          </h2>
        </div>
        {posts.length > 0 ? (
          <ul className="flex w-full flex-wrap justify-center gap-5 text-start" data-testid="whats-new-posts">
            {posts.map((post) => (
              <li
                key={post.post_id}
                className="flex w-full sm:w-[calc(50%-0.625rem)] lg:w-[calc((100%-2.5rem)/3)]"
              >
                <article className="relative flex w-full flex-col overflow-hidden rounded-card border border-border bg-surface/90 hover:border-muted">
                  {post.cover ? (
                    <img
                      src={post.cover}
                      alt=""
                      width={480}
                      height={270}
                      loading="lazy"
                      className="aspect-video w-full object-cover"
                    />
                  ) : null}
                  <div className="flex flex-1 flex-col gap-2 p-4">
                    <p className="text-xs text-muted">
                      <time dateTime={post.publish_at ?? undefined}>
                        {shortDate(post.publish_at, keyword)}
                      </time>
                    </p>
                    <h3 className="font-bold leading-snug">
                      <Link
                        to={`/news/${post.post_id}`}
                        className="text-text no-underline after:absolute after:inset-0"
                      >
                        <bdi>{post.title}</bdi>
                      </Link>
                    </h3>
                    {post.excerpt ? <p className="line-clamp-2 text-sm text-muted">{post.excerpt}</p> : null}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-col items-center gap-4">
          <div className="flex flex-wrap items-center justify-center gap-3">
            <Link to="/pricingplan" className={buttonClasses('primary', 'lg')}>
              {t('subscribe_now')}
            </Link>
            <Link to="/news" className={buttonClasses('secondary', 'lg')}>
              {t('all_news')}
            </Link>
          </div>
          <Link to="/terms" className="text-xs text-muted underline underline-offset-4 hover:text-text">
            {t('terms_and_conditions')}
          </Link>
        </div>
      </div>
    </section>
  );
}
