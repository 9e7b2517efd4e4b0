/**
 * What the administration screens share beyond the shared kit (shared/ui): server error mapping,
 * the confirmation-number flow, the 3-character search box, form sections and the error summary.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-client';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { isClockTime, normalizeClockTime } from '../../../../server/shared/dates/clock-time';
import { Button } from '../../shared/ui/button';
import { ConfirmationNumberDialog } from '../../shared/ui/dialog/confirmation-number-dialog';
import { TextField } from '../../shared/ui/form/text-field';
import type { AppStore } from '../../shared/app/app-store';
import { labelMessage } from './field-labels';

export type FieldErrors = Record<string, string>;

/** The field name a server validation error points at ('body.name', 'Name' → 'name'). */
function fieldKey(propertyName: string): string {
  const last = propertyName.split('.').pop() ?? '';
  return last.charAt(0).toLowerCase() + last.slice(1);
}

/**
 * Field errors from a failed call, keyed by field; '' collects errors without a field. `labels`
 * (field → its translated label) replaces the property names the server's messages carry.
 */
export function errorsOf(error: unknown, labels: Record<string, string> = {}): FieldErrors {
  if (!(error instanceof ApiError)) return { '': String((error as Error)?.message ?? error) };
  const out: FieldErrors = {};
  for (const v of error.validationErrors) {
    const key = fieldKey(v.propertyName ?? '');
    const message = labelMessage(v.message, v.propertyName ?? '', labels[key]);
    out[key] = out[key] ? `${out[key]} ${message}` : message;
  }
  if (!error.validationErrors.length && error.message) out[''] = error.message;
  return out;
}

/** Shows a failed call the way the error catalogue would (used after quiet calls). */
export function showApiError(store: AppStore, error: unknown): void {
  if (error instanceof ApiError && error.kind === 'duplicate') return;
  const apiError = error instanceof ApiError ? error : null;
  const lines = apiError?.validationErrors.map((v) => v.message) ?? [];
  store.showDialog({
    titleKey: 'common.error',
    messageKey: apiError?.message || lines.length ? null : 'messages.failedOperation',
    text: lines.length ? undefined : apiError?.message || undefined,
    lines: lines.length ? lines : undefined,
  });
}

/** A titled group of fields. */
export function FormSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="mb-4 rounded border border-slate-200 p-3 dark:border-slate-700" data-testid={testId}>
      <legend className="px-1 text-sm font-semibold text-sky-800 dark:text-sky-300">{title}</legend>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

interface Confirmation { confirmationId: string; confirmationNumber: string }

interface ConfirmationRequired { confirmationRequired: true; confirmationId: string; confirmationNumber: string }

function confirmationRequest(error: unknown): ConfirmationRequired | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const data = error.data as Partial<ConfirmationRequired> | undefined;
  return data?.confirmationRequired && data.confirmationId && data.confirmationNumber ? (data as ConfirmationRequired) : null;
}

/**
 * The confirmation-number flow: `run(call)` makes the (quiet) call; when the server asks for a
 * number it shows the dialog and repeats the call with what the user typed, until it passes or the
 * user cancels (null). Any other error is thrown.
 */
export function useConfirmationFlow() {
  const { t } = useTranslation('adminCommon');
  const [pending, setPending] = useState<{ number: string; wrong: boolean; resolve(typed: string | null): void } | null>(null);
  const ask = useCallback((number: string, wrong: boolean) => new Promise<string | null>((resolve) => setPending({ number, wrong, resolve })), []);
  const run = useCallback(async <T,>(call: (confirmation?: Confirmation) => Promise<T>): Promise<{ value: T } | null> => {
    let confirmation: Confirmation | undefined;
    for (;;) {
      try {
        return { value: await call(confirmation) };
      } catch (e) {
        const request = confirmationRequest(e);
        if (!request) throw e;
        const typed = await ask(request.confirmationNumber, confirmation !== undefined);
        if (typed === null) return null;
        confirmation = { confirmationId: request.confirmationId, confirmationNumber: typed };
      }
    }
  }, [ask]);
  const dialog = pending && (
    <ConfirmationNumberDialog open confirmationNumber={pending.number} data-testid="confirmation-number-dialog"
      message={pending.wrong ? `${t('confirmationNumber.wrong')} ${t('confirmationNumber.message')}` : t('confirmationNumber.message')}
      onConfirm={(typed) => { pending.resolve(typed); setPending(null); }}
      onCancel={() => { pending.resolve(null); setPending(null); }} />
  );
  return { run, dialog };
}

/** Search box: applies a term only from 3 characters (the spec's rule); shorter shows the message. */
export function SearchBox({ value, onSearch, idPrefix }: { value: string; onSearch(term: string): void; idPrefix: string }) {
  const { t } = useTranslation('adminCommon');
  const [text, setText] = useState(value);
  const trimmed = text.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < 3;
  const id = `${idPrefix}-search`;
  return (
    <form role="search" className="flex flex-wrap items-start gap-2" noValidate onSubmit={(e) => { e.preventDefault(); if (!tooShort) onSearch(trimmed); }}>
      <TextField id={id} data-testid={id} type="search" aria-label={t('search.label')} value={text} placeholder={t('search.placeholder')}
        error={tooShort ? t('search.minLength') : null}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim().length === 0) onSearch('');
        }} />
      <Button type="submit" variant="secondary" data-testid={`${id}-submit`} disabled={tooShort}>{t('actions.search')}</Button>
    </form>
  );
}

/** The send window fields' check: a time of day as people type it (8:00, 08:00, Persian digits), as the server judges it. */
export const isHhMm = (value: string): boolean => isClockTime(value);

/** A send window field's text as the server stores it (HH:mm), or null when empty. */
export const clockTimeOf = (value: string): string | null => (value.trim() ? normalizeClockTime(value) ?? value.trim() : null);

/** Every error of a form in one list (also those of fields the form does not show), under the general message. */
export function ErrorSummary({ errors, testId }: { errors: FieldErrors; testId?: string }) {
  const { t } = useTranslation('adminCommon');
  const entries = Object.entries(errors);
  if (!entries.length) return null;
  const general = errors[''];
  const fields = entries.filter(([k]) => k !== '');
  return (
    <div role="alert" data-testid={testId ?? 'form-errors'} className="mb-3 text-sm text-red-700">
      {general && <p>{general}</p>}
      {fields.length > 0 && (
        <>
          <p>{t('form.fixErrors')}</p>
          <ul className="list-disc ps-6">{fields.map(([k, m]) => <li key={k}>{m}</li>)}</ul>
        </>
      )}
    </div>
  );
}
