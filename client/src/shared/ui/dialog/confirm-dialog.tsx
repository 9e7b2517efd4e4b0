import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { UI_NS } from '../ui.i18n';
import { ModalDialog } from './modal-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Already translated texts; defaults: 'Confirm operation', 'Are you sure…?', 'Confirm', 'Cancel'. */
  title?: string;
  message?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Red confirm button. */
  danger?: boolean;
  /** Spinner on the confirm button while the operation runs. */
  busy?: boolean;
  'data-testid'?: string;
}

export const ConfirmDialog = ({
  open,
  onConfirm,
  onCancel,
  title,
  message,
  confirmText,
  cancelText,
  danger = false,
  busy = false,
  'data-testid': testId,
}: ConfirmDialogProps) => {
  const { t } = useTranslation(UI_NS);
  const tid = (suffix: string) => (testId ? `${testId}-${suffix}` : undefined);
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={title ?? (t('dialog.confirmTitle') as string)}
      role="alertdialog"
      size="sm"
      data-testid={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-testid={tid('cancel')}>
            {cancelText ?? t('dialog.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy} data-testid={tid('confirm')}>
            {confirmText ?? t('dialog.confirm')}
          </Button>
        </>
      }
    >
      <div className="text-sm text-gray-700 dark:text-gray-200">{message ?? t('dialog.confirmMessage')}</div>
    </ModalDialog>
  );
};
