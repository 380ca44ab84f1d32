import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Several modals can be open at once (news popup, then a notice); the page unlocks when the last one closes.
let openCount = 0;
/** Open dialogs, newest last: only the top one answers keys that reach the page outside any dialog. */
const openDialogs: HTMLElement[] = [];
let previousOverflow = '';
const countListeners = new Set<() => void>();

function lockScroll(): void {
  if (openCount === 0) {
    previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.dataset.scrollLocked = 'true';
  }
  openCount += 1;
  for (const listener of countListeners) listener();
}

function unlockScroll(): void {
  openCount = Math.max(0, openCount - 1);
  if (openCount === 0) {
    document.body.style.overflow = previousOverflow;
    delete document.body.dataset.scrollLocked;
  }
  for (const listener of countListeners) listener();
}

function subscribeToCount(listener: () => void): () => void {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
}

/** How many dialogs are open now: a dialog nobody asked for (news) waits until the player is done with another. */
export function useOpenModalCount(): number {
  return useSyncExternalStore(
    subscribeToCount,
    () => openCount,
    () => 0,
  );
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  /** 'sm' stays a small centred dialog on phones (confirmations); 'lg' is wider for long content such as help. */
  size?: 'sm' | 'md' | 'lg';
  /** On phones, a sheet from the bottom as tall as its content (short news) instead of the whole screen. */
  fitContent?: boolean;
  testId?: string;
  footer?: ReactNode;
  /** 'alertdialog' for warnings and confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (the message of an alert). */
  describedBy?: string;
}

/**
 * A dialog that locks page scroll, traps focus and returns it on close. It closes on Escape and the
 * close button only: an outside click never closes it, so a stray tap does not lose the player's place.
 * A closed modal renders nothing and holds no hooks (pages keep several closed ones mounted).
 */
export function Modal({ open, ...dialog }: ModalProps) {
  return open ? <OpenModal {...dialog} /> : null;
}

/** The dialog while it is open: it locks the page when it mounts and gives everything back when it unmounts. */
function OpenModal({
  onClose,
  title,
  children,
  size = 'md',
  fitContent = false,
  testId,
  footer,
  role = 'dialog',
  describedBy,
}: Omit<ModalProps, 'open'>) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    lockScroll();
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    if (dialog) openDialogs.push(dialog);

    // When the focused control disappears (a step of a form is replaced), focus falls back to the page body
    // and the dialog's own key handler no longer hears Escape or Tab: the top dialog takes them from there.
    function onStrayKey(event: globalThis.KeyboardEvent) {
      if (!dialog || openDialogs[openDialogs.length - 1] !== dialog) return;
      if (openDialogs.some((open) => open.contains(event.target as Node))) return;
      if (event.key === 'Escape') {
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
        (event.shiftKey ? focusable[focusable.length - 1] : focusable[0])?.focus();
      }
    }
    document.addEventListener('keydown', onStrayKey);
    return () => {
      document.removeEventListener('keydown', onStrayKey);
      const index = dialog ? openDialogs.indexOf(dialog) : -1;
      if (index >= 0) openDialogs.splice(index, 1);
      unlockScroll();
      // Give focus back only if it was still ours: a dialog that yields to a newer one leaves that one its focus.
      const focused = document.activeElement;
      if (!focused || focused === document.body || dialog?.contains(focused)) returnFocusTo?.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    // The backdrop deliberately has no click handler (spec: not closable by an outside click).
    <div className="modal-backdrop" data-testid="modal-backdrop">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is 'dialog' or 'alertdialog', both modal */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the dialog handles Escape and keeps Tab inside */}
      <div
        ref={dialogRef}
        className={`modal modal--${size}${fitContent ? ' modal--fit' : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={describedBy}
        aria-label={title ? undefined : t('common.dialog')}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={handleKeyDown}
      >
        <div className="modal__header">
          {title ? (
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          <button type="button" className="icon-button modal__close" onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">✕</span>
            <span className="visually-hidden">{t('common.close')}</span>
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
