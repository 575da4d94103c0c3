import type { Backup } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { formatBytes } from '../../../../shared/ui/format-bytes';
import { DownloadIcon } from '../../../../shared/ui/icons';
import { ListTable } from '../../../../shared/ui/list-table';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { backupsQuery, useBackUpNow } from '../api/backups';

const COLUMNS = ['Started', 'Kind', 'Size', 'Status', 'Archive'];
const STATUS: Record<Backup['status'], string> = {
  running: 'Running…',
  succeeded: 'Done',
  failed: 'Failed',
};
const STATUS_CLASS: Record<Backup['status'], string> = {
  running: 'text-muted',
  succeeded: 'text-success',
  failed: 'text-danger',
};

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/** /backups: the service's backups (daily and asked for), their size and outcome, a download of each kept one. */
export function BackupsPage() {
  const backups = useQuery(backupsQuery());
  const backUp = useBackUpNow();
  const running = backups.data?.items.some((item) => item.status === 'running') ?? false;
  const schedule = backups.data?.schedule;

  return (
    <>
      <AdminPageHeader
        title="Backups"
        actions={
          <Button
            onClick={() => backUp.mutate()}
            busy={backUp.isPending || running}
            data-testid="back-up-now"
          >
            Back up now
          </Button>
        }
      />
      {schedule ? (
        <p className="mb-4 text-sm text-muted">
          {schedule.time
            ? `A backup is taken every day at ${schedule.time} (server time); the newest ${schedule.keep} are kept.`
            : `Daily backups are off (BACKUP_TIME=off); the newest ${schedule.keep} are kept.`}{' '}
          Restoring one is done on the server: see “Backups and restore” in the README.
        </p>
      ) : null}
      {backUp.isError ? <Alert>The backup could not start: {backUp.error.message}</Alert> : null}
      {backups.isPending ? <LoadingState label="Loading the backups…" /> : null}
      {backups.isError ? (
        <Alert>
          The backups could not be loaded: {backups.error.message}{' '}
          <Button size="sm" variant="secondary" onClick={() => void backups.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {backups.data ? (
        <ListTable
          columns={COLUMNS}
          minWidth="min-w-[720px]"
          busy={backups.isFetching}
          testId="backups-table"
          regionLabel="Backups"
          empty={
            backups.data.items.length === 0 ? 'No backups yet: the first is taken tonight, or now.' : null
          }
        >
          {backups.data.items.map((backup) => (
            <tr key={backup.backup_id} className="border-t border-border align-top" data-testid="backup-row">
              <td className="whitespace-nowrap px-4 py-3">
                <time dateTime={backup.started_at}>{when(backup.started_at)}</time>
              </td>
              <td className="px-4 py-3">{backup.kind === 'scheduled' ? 'Daily' : 'Asked for'}</td>
              <td className="whitespace-nowrap px-4 py-3" data-testid="backup-size">
                {backup.size_bytes === null ? '—' : formatBytes(backup.size_bytes)}
              </td>
              <td className="px-4 py-3" data-testid="backup-status">
                <span className={`font-medium ${STATUS_CLASS[backup.status]}`}>{STATUS[backup.status]}</span>
                {backup.error ? <p className="mt-1 max-w-md text-xs text-muted">{backup.error}</p> : null}
              </td>
              <td className="px-4 py-3">
                {backup.download_url ? (
                  <a
                    href={backup.download_url}
                    download={backup.file_name}
                    className={buttonClasses('secondary', 'sm')}
                    data-testid="backup-download"
                  >
                    <DownloadIcon className="size-4" />
                    Download
                    <span className="sr-only"> {backup.file_name}</span>
                  </a>
                ) : (
                  <span className="text-muted">{backup.status === 'succeeded' ? 'Deleted' : '—'}</span>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </>
  );
}
