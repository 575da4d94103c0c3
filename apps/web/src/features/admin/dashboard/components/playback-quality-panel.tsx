import { useQuery } from '@tanstack/react-query';
import { useDurationFormat } from '../../../../shared/i18n/format';
import { useT } from '../../../../shared/i18n/language-context';
import { CompactTable } from '../../../../shared/ui/list-table';
import { playbackQualityQuery } from '../api/dashboard';
import { formatCount, formatRatio, formatStartTime } from '../lib/format';
import { Panel, QueryView, ScrollRegion } from './panel';

/** A stall ratio at or above this is shown as a problem (2% of the viewing time spent waiting for data). */
const POOR_STALL_RATIO = 0.02;

/**
 * What the players reported over the last day, per title: plays started, the mean time to the first frame, time
 * watched, the share of it spent stalled and the errors.
 */
export function PlaybackQualityPanel() {
  const quality = useQuery(playbackQualityQuery());
  const t = useT();
  const duration = useDurationFormat();
  const columns = [
    t('quality_title'),
    t('quality_plays'),
    t('quality_start_time'),
    t('quality_watched'),
    t('quality_stall_ratio'),
    t('quality_errors'),
  ];
  return (
    <Panel title={t('playback_quality')} id="playback-quality">
      <QueryView
        query={quality}
        what="the playback quality"
        isEmpty={(data) => data.items.length === 0}
        empty={t('playback_quality_empty')}
      >
        {(data) => (
          <ScrollRegion label={t('playback_quality_table')}>
            <CompactTable columns={columns} minWidth="min-w-[640px]" testId="playback-quality-table">
              {data.items.map((row) => (
                <tr key={row.movie_id} className="border-t border-border" data-movie-id={row.movie_id}>
                  <td className="px-3 py-2 font-medium">{row.title || '—'}</td>
                  <td className="px-3 py-2 tabular-nums">{formatCount(row.plays)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatStartTime(row.start_ms)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{duration(row.watched_seconds)}</td>
                  <td
                    className={`px-3 py-2 tabular-nums ${
                      row.stall_ratio !== null && row.stall_ratio >= POOR_STALL_RATIO ? 'text-danger' : ''
                    }`}
                  >
                    {formatRatio(row.stall_ratio)}
                  </td>
                  <td className={`px-3 py-2 tabular-nums ${row.errors > 0 ? 'text-danger' : ''}`}>
                    {formatCount(row.errors)}
                  </td>
                </tr>
              ))}
            </CompactTable>
          </ScrollRegion>
        )}
      </QueryView>
    </Panel>
  );
}
