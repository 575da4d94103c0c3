import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';

interface EditableRowProps {
  id: string;
  label: string;
  /** What the row shows while closed. */
  value: ReactNode;
  open: boolean;
  onOpen: () => void;
  onCancel: () => void;
  onSave: () => void;
  busy: boolean;
  saveDisabled?: boolean;
  /** A refused save that no field of the row names. */
  message?: string;
  /** The row's inputs while open. */
  children: ReactNode;
  /** What the row shows under its value while closed, such as a step still waiting to be done. */
  below?: ReactNode;
}

/** One Personal Details row with its own Change / Save toggle (rows never share one). */
export function EditableRow({
  id,
  label,
  value,
  open,
  onOpen,
  onCancel,
  onSave,
  busy,
  saveDisabled,
  message,
  children,
  below,
}: EditableRowProps) {
  const t = useT();
  return (
    <section aria-labelledby={`${id}-label`} className="border-t border-border py-4 first:border-t-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${id}-label`} className="text-sm font-medium text-muted">
            {label}
          </h3>
          {open ? null : (
            <p className="mt-1 break-words text-text" data-testid={`${id}-value`}>
              {value}
            </p>
          )}
        </div>
        {open ? null : (
          <Button variant="secondary" size="sm" onClick={onOpen} aria-label={`${t('change')}: ${label}`}>
            {t('change')}
          </Button>
        )}
      </div>
      {open ? null : below}
      {open ? (
        <form
          noValidate
          className="mt-3 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          {message ? <Alert>{message}</Alert> : null}
          {children}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              size="sm"
              busy={busy}
              disabled={saveDisabled}
              aria-label={`${t('save')}: ${label}`}
            >
              {t('save')}
            </Button>
            <Button variant="ghost" size="sm" onClick={onCancel}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
