import { useQuery } from '@tanstack/react-query';
import { browseFilters, listQuery } from '../../../shared/api/catalog';
import { useKeyword } from '../../../shared/i18n/language-context';
import { BrowsePage } from './browse-page';
import { SeriesBanner } from './serials-page';

/** TV shows (/tvshow): the American TV Shows collection first, then the series rows. */
export function TvShowPage() {
  const showsQuery = useQuery(listQuery(browseFilters.americanShows, useKeyword()));
  const shows = showsQuery.data;
  const extraRows = shows?.items.length
    ? [
        {
          id: 'collection:america_tv_shows',
          key: 'america_tv_shows',
          title: 'American TV Shows',
          see_all: { collection: 'america_tv_shows' },
          items: shows.items,
        },
      ]
    : [];
  return (
    <BrowsePage
      title="tv_series"
      filters={browseFilters.series}
      extraRows={extraRows}
      extraRowsPending={showsQuery.isPending}
      banner={(card, onPlay) => <SeriesBanner card={card} onPlay={onPlay} />}
    />
  );
}
