import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../app/app-context';
import { Button } from '../button';
import { ModalDialog } from '../dialog/modal-dialog';
import { TextField } from '../form/text-field';
import { describedBy, FieldFrame, inputClass } from '../form/field-frame';

/** Errors by field name; '' holds those without a field (the shape of admin-common's `FieldErrors`). */
export type ApprovalFormErrors = Record<string, string>;

/** What the subject's own fields (below the text) work with. */
export interface ApprovalFormState {
  smsText: string;
  setSmsText: Dispatch<SetStateAction<string>>;
  errors: ApprovalFormErrors;
}

export interface ApprovalSubjectFormProps {
  /** The page's i18n namespace: `create`, `edit`, `titleField`, `smsText`, `required`, `cancel`, `save`. */
  ns: string;
  /** The subject's controller: `POST {path}/Create` or `{path}/Update` with the id. */
  path: string;
  /** Ids and test ids of the fields: `${testId}-title`, `${testId}-text`, `${testId}-save`. */
  testId: string;
  /** Test ids of the dialog and its error summary: `${formTestId}-dialog`, `${formTestId}-errors`. */
  formTestId: string;
  editing: { id: number; title: string; smsText: string } | null;
  /** The text area's size, its limit, and a hint under it. */
  text: { rows: number; maxLength: number; hint?: string };
  /** The subject's own check of a non-empty text, as the server would refuse it; null when fine. */
  checkText?(smsText: string): string | null;
  /** The subject's other fields, sent after title and text. */
  body?: Record<string, unknown>;
  /** The subject's own fields and preview, below the text area. */
  children?(state: ApprovalFormState): ReactNode;
  /**
   * The server's refusal as field errors, and their summary: admin-common's `errorsOf` and
   * `ErrorSummary`, passed in because shared code does not import a feature.
   */
  errorsOf(error: unknown): ApprovalFormErrors;
  errorSummary(errors: ApprovalFormErrors): ReactNode;
  onClose(): void;
  onSaved(): void;
}

/**
 * The create / edit dialog of a subject that waits for a decision and is a titled SMS text (OTP
 * formats, message patterns): both required here, the subject's own text check, then Create or
 * Update; the server's field errors stay in the form.
 */
export function ApprovalSubjectForm(props: ApprovalSubjectFormProps) {
  const { ns, path, testId, formTestId, editing, text, checkText, body, children, errorsOf, errorSummary, onClose, onSaved } = props;
  const { api } = useApp();
  const { t } = useTranslation(ns);
  const [title, setTitle] = useState(editing?.title ?? '');
  const [smsText, setSmsText] = useState(editing?.smsText ?? '');
  const [errors, setErrors] = useState<ApprovalFormErrors>({});
  const [busy, setBusy] = useState(false);
  const textId = `${testId}-text`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: ApprovalFormErrors = {};
    if (!title.trim()) local.title = t('required');
    if (!smsText.trim()) local.smsText = t('required');
    else {
      const issue = checkText?.(smsText);
      if (issue) local.smsText = issue;
    }
    if (Object.keys(local).length) { setErrors(local); return; }
    setBusy(true);
    try {
      const sent = { title: title.trim(), smsText, ...body };
      if (editing) await api.post(`${path}/Update`, { id: editing.id, ...sent }, { quiet: true });
      else await api.post(`${path}/Create`, sent, { quiet: true });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'edit' : 'create')} data-testid={`${formTestId}-dialog`}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        {errorSummary(errors)}
        <div className="mb-3 grid gap-3">
          <TextField id={`${testId}-title`} data-testid={`${testId}-title`} label={t('titleField')} value={title} maxLength={100} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
          <FieldFrame id={textId} label={t('smsText')} required hint={text.hint} errorText={errors.smsText ?? null}>
            <textarea id={textId} data-testid={textId} rows={text.rows} dir="auto" value={smsText} maxLength={text.maxLength} required
              aria-invalid={errors.smsText ? true : undefined} aria-describedby={describedBy(textId, text.hint, errors.smsText ?? null)}
              className={inputClass(!!errors.smsText)} onChange={(e) => { setSmsText(e.target.value); setErrors(({ smsText: _stale, ...rest }) => rest); }} />
          </FieldFrame>
          {children?.({ smsText, setSmsText, errors })}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid={`${testId}-save`}>{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
