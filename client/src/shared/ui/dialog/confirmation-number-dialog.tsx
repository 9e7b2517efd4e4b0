import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { NumericInput } from '../form/numeric-input';
import { toLatinDigits } from '../form/to-latin-digits';
import { confirmationNumberMatches } from './confirmation-number';
import { UI_NS } from '../ui.i18n';
import { useDigits } from '../use-digits';
import { ModalDialog } from './modal-dialog';

export interface ConfirmationNumberDialogProps {
  open: boolean;
  /** The number the server sent (any digit script). */
  confirmationNumber: string;
  /** Called with the typed number in Latin digits once it matches. */
  onConfirm: (typedNumber: string) => void;
  onCancel: () => void;
  title?: string;
  /** Already translated explanation shown above the number. */
  message?: string;
  confirmText?: string;
  danger?: boolean;
  busy?: boolean;
  'data-testid'?: string;
}

export { confirmationNumberMatches };

export const ConfirmationNumberDialog = ({
  open,
  confirmationNumber,
  onConfirm,
  onCancel,
  title,
  message,
  confirmText,
  danger = true,
  busy = false,
  'data-testid': testId,
}: ConfirmationNumberDialogProps) => {
  const { t } = useTranslation(UI_NS);
  const digits = useDigits();
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const tid = (suffix: string) => (testId ? `${testId}-${suffix}` : undefined);

  useEffect(() => {
    if (open) {
      setTyped('');
      setTouched(false);
    }
  }, [open, confirmationNumber]);

  const matches = confirmationNumberMatches(typed, confirmationNumber);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (matches && !busy) onConfirm(toLatinDigits(typed));
  };

  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={title ?? (t('dialog.numberTitle') as string)}
      role="alertdialog"
      size="sm"
      data-testid={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-testid={tid('cancel')}>
            {t('dialog.cancel')}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={() => submit()}
            disabled={!matches}
            loading={busy}
            data-testid={tid('confirm')}
          >
            {confirmText ?? t('dialog.confirm')}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-gray-700 dark:text-gray-200">{message ?? t('dialog.numberMessage')}</p>
        <p
          dir="ltr"
          className="select-all rounded-md bg-gray-100 py-2 text-center font-mono text-2xl tracking-widest dark:bg-gray-800"
          data-testid={tid('number')}
        >
          {digits(confirmationNumber)}
        </p>
        <NumericInput
          label={t('dialog.numberLabel') as string}
          value={typed}
          onValueChange={setTyped}
          onBlur={() => setTouched(true)}
          error={touched && typed !== '' && !matches ? (t('dialog.numberMismatch') as string) : null}
          data-testid={tid('input')}
        />
      </form>
    </ModalDialog>
  );
};
