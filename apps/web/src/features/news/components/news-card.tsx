import type { Post } from '@salomtv/contract';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/language-context';
import { NewsDate } from './news-date';

/** One post in the news list: cover, date, title (a link to the post) and the plain-text excerpt. */
export function NewsCard({ post }: { post: Post }) {
  const { keyword, t } = useLanguage();
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-card border border-border bg-surface hover:border-muted"
      data-testid="news-card"
    >
      {post.cover ? (
        <img
          src={post.cover}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div
          aria-hidden
          className="aspect-video w-full bg-[radial-gradient(circle_at_30%_30%,var(--color-brand-soft),transparent_60%)] bg-surface-2"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs text-muted">
          <NewsDate value={post.publish_at} keyword={keyword} />
        </p>
        <h2 className="text-lg font-bold leading-snug">
          {/* The whole card is the link's target area; the title stays the accessible name. */}
          <Link to={`/news/${post.post_id}`} className="text-text no-underline after:absolute after:inset-0">
            <bdi>{post.title}</bdi>
          </Link>
        </h2>
        {post.excerpt ? (
          <p dir="auto" className="line-clamp-3 text-sm text-muted">
            {post.excerpt}
          </p>
        ) : null}
        <span aria-hidden className="mt-auto pt-2 text-sm font-semibold text-brand-strong">
          {t('read_more')}
        </span>
      </div>
    </article>
  );
}
