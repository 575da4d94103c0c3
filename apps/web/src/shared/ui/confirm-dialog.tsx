import { Button } from './button';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirmed action is underway: its button spins and the dialog stays. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question before an action that cannot simply be taken back: focus starts on the safe answer, Escape cancels.
 * Rendered while the question is open; the caller unmounts it with its answer.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      title={title}
      description={message}
      onClose={onCancel}
      testId="confirm-dialog"
      role="alertdialog"
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-initial-focus>
          {cancelLabel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
