import type { TranslationKey } from '@salomtv/contract';
import { Link } from 'react-router';
import { useT } from '../../shared/i18n/language-context';
import { Logo } from '../../shared/ui/logo';

interface FooterColumn {
  title: TranslationKey;
  links: { to: string; label: TranslationKey }[];
}

const columns: FooterColumn[] = [
  {
    title: 'movie_categories',
    links: [
      { to: '/movies', label: 'movies' },
      { to: '/kidsection', label: 'kids_section' },
      { to: '/watchlist', label: 'watch_list' },
    ],
  },
  {
    title: 'tv_series',
    links: [
      { to: '/serials', label: 'serials' },
      { to: '/tvshow', label: 'tv_series' },
    ],
  },
  {
    title: 'support',
    links: [
      { to: '/userprofile', label: 'account_setting' },
      { to: '/pricingplan', label: 'pricing_plan' },
      { to: '/news', label: 'news' },
      { to: '/help', label: 'help' },
    ],
  },
  {
    title: 'privacy_policy',
    links: [
      { to: '/terms', label: 'terms_of_use' },
      { to: '/privacy', label: 'privacy_policy' },
    ],
  },
];

/** The footer (spec 2.13): four link columns, the free-trial line and the copyright. */
export function ViewerFooter() {
  const t = useT();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-screen-2xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted">{t('free_trial')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-text">
              {t(column.title)}
            </h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-sm text-muted no-underline hover:text-text">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border px-6 py-5 text-center text-xs text-muted">
        <span dir="ltr">© {year} SalomTV.</span> {t('copyright')}
      </div>
    </footer>
  );
}
