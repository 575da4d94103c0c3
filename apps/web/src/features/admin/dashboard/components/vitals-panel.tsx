import { useQuery } from '@tanstack/react-query';
import { vitalsQuery } from '../api/dashboard';
import { formatVital, type VitalName, vitalRating } from '../lib/format';
import { Panel, QueryView, ScrollRegion } from './panel';

const NAMES: VitalName[] = ['LCP', 'INP', 'CLS'];
const RATING_CLASSES = { good: 'text-success', 'needs improvement': 'text-text', poor: 'text-danger' };

/** Web vitals: the 75th percentile of what real viewers' browsers reported over the last 7 days, per page. */
export function VitalsPanel() {
  const vitals = useQuery(vitalsQuery());
  return (
    <Panel title="Web vitals (p75, last 7 days)" id="vitals">
      <QueryView
        query={vitals}
        what="the web vitals"
        isEmpty={(data) => data.pages.length === 0}
        empty="No viewer has reported web vitals in the last 7 days."
      >
        {(data) => (
          <ScrollRegion label="Web vitals table">
            <table className="w-full min-w-[480px] text-start text-sm" data-testid="vitals-table">
              <thead className="text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">
                    Page
                  </th>
                  {NAMES.map((name) => (
                    <th key={name} scope="col" className="px-3 py-2 text-start">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.pages.map((row) => (
                  <tr key={row.page} className="border-t border-border">
                    <th scope="row" className="px-3 py-2 text-start font-medium">
                      {row.page}
                    </th>
                    {NAMES.map((name) => {
                      const figure = row[name];
                      if (!figure) {
                        return (
                          <td key={name} className="px-3 py-2 text-muted">
                            —
                          </td>
                        );
                      }
                      const rating = vitalRating(name, figure.p75);
                      return (
                        <td key={name} className="px-3 py-2">
                          <span className={`font-semibold tabular-nums ${RATING_CLASSES[rating]}`}>
                            {formatVital(name, figure.p75)}
                          </span>
                          <span className="block text-xs text-muted">
                            {rating} · {figure.samples} {figure.samples === 1 ? 'sample' : 'samples'}
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueryView>
    </Panel>
  );
}
