import { useState } from 'react';
import { Button } from '../../../../shared/ui/button';
import type { ButtonVariant } from '../../../../shared/ui/button-classes';

/** A button that asks first: the question and Yes / Cancel replace it until answered. */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  variant = 'secondary',
  busy,
  onConfirm,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  variant?: ButtonVariant;
  busy: boolean;
  onConfirm: (done: () => void) => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant={variant} size="sm" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md bg-surface-2 p-3">
      <span className="text-sm">{question}</span>
      <Button variant="danger" size="sm" busy={busy} onClick={() => onConfirm(() => setAsking(false))}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  );
}
