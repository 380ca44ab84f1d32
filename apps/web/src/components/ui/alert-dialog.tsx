import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

export interface AlertDialogProps {
  open: boolean;
  message: ReactNode;
  title?: ReactNode;
  tone?: 'warning' | 'info' | 'success';
  /** Label of the main button; 'Confirm' by default. */
  confirmLabel?: string;
  onConfirm: () => void;
  /** With a cancel label the dialog asks a question (cancel, confirm); without one it only informs. */
  cancelLabel?: string;
  /** The close button, Escape and the cancel button; without it they act as the confirm button. */
  onCancel?: () => void;
  busy?: boolean;
  testId?: string;
}

const ICON_PATHS = {
  warning: 'M12 3 2 20h20L12 3zm0 6v5m0 3v.5',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 7v6m0-9v.5',
  success: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-4 9 3 3 5-6',
};

/** A warning, notice or question that needs an answer: a small dialog, also on phones. */
export function AlertDialog({
  open,
  message,
  title,
  tone = 'warning',
  confirmLabel,
  onConfirm,
  cancelLabel,
  onCancel,
  busy = false,
  testId,
}: AlertDialogProps) {
  const { t } = useTranslation();
  const messageId = useId();
  const cancel = onCancel ?? onConfirm;
  return (
    <Modal
      open={open}
      onClose={cancel}
      title={title}
      size="sm"
      role="alertdialog"
      describedBy={messageId}
      testId={testId}
    >
      <div className={`alert-dialog alert-dialog--${tone}`}>
        <svg className="alert-dialog__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d={ICON_PATHS[tone]}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="alert-dialog__message" id={messageId}>
          {message}
        </p>
        <div className="alert-dialog__actions">
          {cancelLabel ? (
            <button type="button" className="button button--ghost" onClick={cancel} disabled={busy}>
              {cancelLabel}
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t('common.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
