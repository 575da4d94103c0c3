import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CompactTable } from '../../../../shared/ui/list-table';
import { jobsQuery } from '../api/dashboard';
import { formatDateTime } from '../lib/format';
import { Panel, QueryView, ScrollRegion } from './panel';

const COLUMNS = ['Title', 'Job', 'Status', 'Started', 'Finished', 'Priority', 'Detail'];
const PRIORITY_CLASSES = {
  High: 'bg-danger/15 text-danger',
  Average: 'bg-surface-2 text-text',
  Low: 'bg-surface-2 text-muted',
};
const STATUS_CLASSES: Record<string, string> = {
  failed: 'text-danger',
  done: 'text-success',
  completed: 'text-success',
};

/** The media job table: what the transcoder did and is doing, newest first. */
export function JobsTable() {
  const jobs = useQuery(jobsQuery());
  return (
    <Panel title="Media jobs" id="jobs">
      <QueryView
        query={jobs}
        what="the media jobs"
        isEmpty={(data) => !data.available || data.items.length === 0}
        empty="No media jobs yet: uploading a video starts one."
      >
        {(data) => (
          <ScrollRegion label="Media jobs table">
            <CompactTable columns={COLUMNS} minWidth="min-w-[760px]" testId="jobs-table">
              {data.items.map((job) => (
                <tr key={job.job_id} className="border-t border-border">
                  <td className="px-3 py-2 font-medium">{job.title ?? '—'}</td>
                  <td className="px-3 py-2">{job.job}</td>
                  <td className="px-3 py-2">
                    <span className={`font-medium ${STATUS_CLASSES[job.status] ?? ''}`}>{job.status}</span>
                    {job.status === 'running' ? (
                      <span className="text-muted"> {Math.round(job.progress)}%</span>
                    ) : null}
                    {job.error ? (
                      <span className="block max-w-64 truncate text-xs text-muted">{job.error}</span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(job.started_at)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(job.finished_at)}</td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded px-2 py-0.5 text-xs font-semibold ${PRIORITY_CLASSES[job.priority]}`}
                    >
                      {job.priority}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    {job.link ? (
                      <Link to={job.link} aria-label={`Detail of ${job.title ?? `job ${job.job_id}`}`}>
                        Detail
                      </Link>
                    ) : (
                      '—'
                    )}
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
