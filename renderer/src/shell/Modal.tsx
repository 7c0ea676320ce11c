import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import './Modal.css';

interface ModalProps {
  /** The dialog's accessible name. */
  label: string;
  /** Escape, or a Cancel/Close button: the parent unmounts the modal. */
  onClose: () => void;
  /** Focused when the dialog opens (default: the first focusable element, as the browser does). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close instead of what had it before (when that is about to go away); null keeps the default. */
  returnFocus?: () => HTMLElement | null;
  className?: string;
  children: ReactNode;
}

/**
 * A native modal `<dialog>` (role dialog, focus kept inside, the rest of the window inert). Opened on mount,
 * closed on unmount; focus goes back to what had it before, when that is still on the page.
 */
export function Modal({ label, onClose, initialFocus, returnFocus, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const target = returnFocus?.() ?? opener;
      if (target?.isConnected) target.focus();
    };
    // Opened once per mount; `initialFocus` and `returnFocus` are read at those moments only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={ref}
      aria-label={label}
      className={`modal${className ? ` ${className}` : ''}`}
      onCancel={(event) => {
        // Escape: let the parent decide (it unmounts us), rather than the browser closing the element under React.
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
