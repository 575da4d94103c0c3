import { useState } from 'react';
import { Button } from '../../../../shared/ui/button';

/** A button that asks first: the question and Yes / Cancel replace it until answered. */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  busy,
  onConfirm,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a small inline confirmation, not a form
    <div
      role="group"
      aria-label={question}
      className="flex flex-wrap items-center gap-2 rounded-md bg-surface-2 p-2"
    >
      <span className="text-sm">{question}</span>
      <Button variant="danger" size="sm" busy={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  );
}
