import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Shows a `<dialog>` as modal while the caller is mounted: Escape asks `onClose`, and focus returns to where it
 * was. With `focusFirst`, focus starts on the element marked `data-initial-focus`, else the first control; with
 * `lockScroll`, the page behind does not scroll.
 */
export function useModalDialog(
  onClose: () => void,
  { focusFirst = false, lockScroll = false }: { focusFirst?: boolean; lockScroll?: boolean } = {},
) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    if (focusFirst) {
      const first =
        dialog.querySelector<HTMLElement>('[data-initial-focus]') ??
        dialog.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    if (lockScroll) document.body.style.overflow = 'hidden';
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (lockScroll) document.body.style.overflow = '';
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [focusFirst, lockScroll]);

  return ref;
}

/**
 * A modal `<dialog>` around a small form: the page behind is inert, focus starts on the element marked
 * `data-initial-focus` (else the first control) and stays inside (Tab wraps), Escape asks `onClose`, and focus
 * returns to where it was. Rendered while open; the caller unmounts it to close.
 */
export function ModalDialog({
  title,
  description,
  onClose,
  children,
  testId,
  role,
}: {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** `alertdialog` for a question before an action that cannot simply be taken back. */
  role?: 'alertdialog';
}) {
  const ref = useModalDialog(onClose, { focusFirst: true });
  const titleId = useId();
  const descriptionId = useId();

  const keepFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onKeyDown={keepFocus}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-card border border-border bg-surface p-6 text-text shadow-card backdrop:bg-black/75"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? (
        <p id={descriptionId} className="mt-2 text-sm text-muted">
          {description}
        </p>
      ) : null}
      <div className="mt-5">{children}</div>
    </dialog>
  );
}
