import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/language-context';
import { CloseIcon } from '../../../shared/ui/icons';
import { useModalDialog } from '../../../shared/ui/modal-dialog';

/**
 * A modal dialog (native `<dialog>` opened with showModal: the rest of the page is inert, so focus stays
 * inside); Esc and the close button call `onClose`. Focus returns to where it was when it closes.
 */
export function PopupDialog({
  label,
  onClose,
  children,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const ref = useModalDialog(onClose, { lockScroll: true });

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-label={label}
      data-testid="popup-player"
      className="m-0 size-full max-h-none max-w-none overflow-y-auto bg-bg p-0 text-text backdrop:bg-black sm:m-auto sm:my-6 sm:h-auto sm:max-h-[calc(100dvh-3rem)] sm:w-[min(64rem,calc(100vw-2rem))] sm:rounded-card sm:border sm:border-border"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label={t('close')}
        className="absolute end-3 top-3 z-20 inline-flex size-10 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black"
      >
        <CloseIcon />
      </button>
      {children}
    </dialog>
  );
}
