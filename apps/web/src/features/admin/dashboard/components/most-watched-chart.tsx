import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { mostWatchedQuery } from '../api/dashboard';
import { formatCount } from '../lib/format';
import { Panel, QueryView } from './panel';

/** The most-watched titles by their views: the figure viewers see on the titles' cards. */
export function MostWatchedChart() {
  const watched = useQuery(mostWatchedQuery());
  return (
    <Panel title="Most watched" id="most-watched">
      <QueryView
        query={watched}
        what="the most-watched titles"
        isEmpty={(data) => !data.available || data.items.length === 0}
        empty="No title has been watched yet."
      >
        {(data) => {
          const max = Math.max(1, ...data.items.map((item) => item.views));
          return (
            <ol className="flex flex-col gap-3" data-testid="most-watched">
              {data.items.map((item) => (
                <li key={item.movie_id}>
                  <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
                    <Link to={`/editmovies?movie_id=${item.movie_id}`} className="truncate font-medium">
                      {item.title}
                    </Link>
                    <span className="shrink-0 tabular-nums text-muted">
                      {formatCount(item.views)} {item.views === 1 ? 'view' : 'views'}
                    </span>
                  </div>
                  <div className="h-2 rounded-full bg-surface-2" aria-hidden="true">
                    <div
                      className="h-2 rounded-full bg-brand"
                      style={{ width: `${Math.max(2, (item.views / max) * 100)}%` }}
                    />
                  </div>
                </li>
              ))}
            </ol>
          );
        }}
      </QueryView>
    </Panel>
  );
}
