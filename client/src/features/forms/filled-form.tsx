import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { judgeFormValue, type FormFieldType, type FormTheme } from '../../../../server/shared/engage/form-fields';
import { Button } from '../../shared/ui/button';
import { FieldFrame, describedBy, inputClass } from '../../shared/ui/form/field-frame';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf, type FieldErrors } from '../admin-common/kit';
import { THEME_COLOURS, type PublicForm } from './forms-api';

export type FilledValue = string | boolean;

export interface FilledFormProps {
  form: PublicForm;
  /** The page's language: labels in English when the field has one. */
  english: boolean;
  /** Sends the judged values; throws the server's failure (its field errors are shown under the fields). */
  submit(values: Record<string, string | number | boolean | null>, submissionKey: string): Promise<{ thankYouText: string | null }>;
  /** Uploads a File field's file; answers its key. Absent in the preview (files are not taken there). */
  upload?(fieldId: number, file: File): Promise<string>;
  testIdPrefix?: string;
}

type Field = PublicForm['fields'][number];

/** What the visitor typed, as the server reads it (digits made Latin; a date input's day; the checkbox). */
function outgoing(field: Field, value: FilledValue | undefined): string | number | boolean | null {
  if (field.fieldType === 'Boolean') return value === true;
  if (typeof value !== 'string' || value.trim() === '') return null;
  return field.fieldType === 'Integer' || field.fieldType === 'Float' ? toLatinDigits(value.trim()) : value;
}

/**
 * A form as its visitor fills it (the public page and the builder's preview): the theme's colour,
 * one control per field type, the same rules as the server judged before sending (shared
 * `judgeFormValue`), errors under their fields (the server's too, by field id) and a thank-you state.
 */
export function FilledForm({ form, english, submit, upload, testIdPrefix = 'public-form' }: FilledFormProps) {
  const { t } = useTranslation('forms');
  const digits = useDigits();
  const colour = THEME_COLOURS[(form.theme as FormTheme) in THEME_COLOURS ? form.theme as FormTheme : 'default'];
  const [values, setValues] = useState<Record<string, FilledValue>>({});
  const [fileNames, setFileNames] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ text: string | null } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // One key per filled form: a retry of the same submission (a lost answer, a double click) is stored once.
  const submissionKey = useRef(crypto.randomUUID());
  const labelOf = (f: Field) => (english && f.labelEn ? f.labelEn : f.label);
  const messageOf = (key: string, params?: Record<string, number | string>) => {
    const own: Record<string, string> = {
      required: t('common.required'), minValue: t('public.atLeast', { min: digits(params?.min ?? '') }), maxValue: t('public.atMost', { max: digits(params?.max ?? '') }),
    };
    return own[key] ?? t('public.formInvalid');
  };

  const hint = useMemo(() => (f: Field): string | undefined => {
    if (f.fieldType === 'File' && f.maxFileSizeByMegabyte) return t('public.fileHint', { max: digits(f.maxFileSizeByMegabyte) });
    if ((f.fieldType === 'Integer' || f.fieldType === 'Float') && f.minValue !== null && f.maxValue !== null) return t('public.minMax', { min: digits(f.minValue), max: digits(f.maxValue) });
    if (f.fieldType === 'String' && (f.minLength !== null || f.maxLength !== null)) return t('public.length', { min: digits(f.minLength ?? 0), max: digits(f.maxLength ?? 500) });
    return undefined;
  }, [t, digits]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    const body: Record<string, string | number | boolean | null> = {};
    for (const f of form.fields) {
      const value = outgoing(f, values[f.id]);
      body[f.id] = value;
      if (f.fieldType === 'File') {
        if (f.isRequired && value === null) local[String(f.id)] = t('common.required');
        continue;
      }
      const judged = judgeFormValue({ ...f, fieldType: f.fieldType as FormFieldType }, value);
      if ('issue' in judged) local[String(f.id)] = messageOf(judged.issue, judged.params);
    }
    setErrors(local);
    if (Object.keys(local).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await submit(body, submissionKey.current);
      setDone({ text: answer.thankYouText });
    } catch (err) {
      const found = errorsOf(err);
      setErrors(found);
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
    } finally { setBusy(false); }
  };

  const chooseFile = async (f: Field, file: File | undefined) => {
    if (!file || !upload) return;
    const max = (f.maxFileSizeByMegabyte ?? 0) * 1024 * 1024;
    if (file.size > max) {
      setErrors((e) => ({ ...e, [f.id]: t('public.fileTooLarge', { max: digits(f.maxFileSizeByMegabyte ?? 0) }) }));
      return;
    }
    setUploading(f.id);
    try {
      const key = await upload(f.id, file);
      setValues((v) => ({ ...v, [f.id]: key }));
      setFileNames((n) => ({ ...n, [f.id]: file.name }));
      setErrors((e) => { const { [String(f.id)]: _gone, ...rest } = e; return rest; });
    } catch (err) {
      const found = errorsOf(err);
      setErrors((e) => ({ ...e, [f.id]: found.file ?? found[''] ?? t('public.formInvalid') }));
    } finally { setUploading(null); }
  };

  const again = () => { setDone(null); setValues({}); setFileNames({}); setErrors({}); submissionKey.current = crypto.randomUUID(); };

  return (
    <div className="mx-auto w-full max-w-xl rounded-lg border bg-white shadow-sm dark:bg-gray-900" style={{ borderColor: colour.accent }} data-testid={`${testIdPrefix}-card`} data-theme={form.theme}>
      <header className="rounded-t-lg px-4 py-3 text-white" style={{ background: colour.accent }}>
        <h1 className="text-lg font-semibold" dir="auto" data-testid={`${testIdPrefix}-title`}>{form.title}</h1>
      </header>
      <div className="p-4" style={{ background: colour.soft }}>
        {form.description && <p className="mb-4 whitespace-pre-line text-sm text-gray-800" dir="auto">{form.description}</p>}
        {done ? (
          <div role="status" className="grid gap-3" data-testid={`${testIdPrefix}-thanks`}>
            <h2 className="text-base font-semibold" style={{ color: colour.accent }}>{t('public.thanksTitle')}</h2>
            <p className="whitespace-pre-line" dir="auto">{done.text ?? t('public.thanksDefault')}</p>
            <div><Button variant="secondary" onClick={again} data-testid={`${testIdPrefix}-again`}>{t('public.another')}</Button></div>
          </div>
        ) : (
          <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" data-testid={`${testIdPrefix}-form`}>
            {errors[''] && <p role="alert" className="text-sm text-red-700" data-testid={`${testIdPrefix}-error`}>{errors['']}</p>}
            {form.fields.map((f) => {
              const id = `${testIdPrefix}-field-${f.id}`;
              const error = errors[String(f.id)] ?? null;
              const h = hint(f);
              const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, h, error), 'aria-required': f.isRequired || undefined, 'data-testid': `${testIdPrefix}-input` };
              const text = typeof values[f.id] === 'string' ? values[f.id] as string : '';
              const set = (v: FilledValue) => setValues((all) => ({ ...all, [f.id]: v }));
              return (
                <div key={f.id} data-testid={`${testIdPrefix}-field`} data-field-type={f.fieldType}>
                  {f.fieldType === 'Boolean' ? (
                    <div className="flex flex-col gap-1">
                      <label className="flex items-center gap-2 text-sm font-medium">
                        <input type="checkbox" {...common} checked={values[f.id] === true} onChange={(e) => set(e.target.checked)} />
                        <span dir="auto">{labelOf(f)}</span>{f.isRequired && <span className="text-red-700" aria-hidden="true">*</span>}
                      </label>
                      {error && <p id={`${id}-error`} className="text-sm text-red-700" data-testid={`${testIdPrefix}-field-error`}>{error}</p>}
                    </div>
                  ) : (
                    <FieldFrame id={id} label={<span dir="auto">{labelOf(f)}</span>} required={f.isRequired} hint={h} errorText={error}>
                      {f.fieldType === 'File' ? (
                        <div className="grid gap-1">
                          <input type="file" {...common} disabled={!upload || uploading === f.id} onChange={(e) => void chooseFile(f, e.target.files?.[0])} />
                          {uploading === f.id && <span role="status" className="text-sm">{t('public.uploading')}</span>}
                          {fileNames[f.id] && <span className="text-sm" dir="auto">{t('public.uploaded', { name: fileNames[f.id] })}</span>}
                        </div>
                      ) : f.fieldType === 'String' && (f.maxLength ?? 0) > 120 ? (
                        <textarea {...common} className={inputClass(!!error)} dir="auto" rows={4} value={text} onChange={(e) => set(e.target.value)} />
                      ) : (
                        <input {...common} className={inputClass(!!error)} value={text} onChange={(e) => set(e.target.value)}
                          type={f.fieldType === 'Datetime' ? 'date' : f.fieldType === 'Mobile' ? 'tel' : 'text'}
                          inputMode={f.fieldType === 'Integer' || f.fieldType === 'Mobile' ? 'numeric' : f.fieldType === 'Float' ? 'decimal' : undefined}
                          dir={f.fieldType === 'String' ? 'auto' : 'ltr'} autoComplete={f.fieldType === 'Mobile' ? 'tel' : undefined} />
                      )}
                    </FieldFrame>
                  )}
                </div>
              );
            })}
            <div>
              <button type="submit" disabled={busy} className="rounded-md px-4 py-2 text-sm font-semibold text-white focus:outline-none focus:ring-2 focus:ring-offset-2 disabled:opacity-60"
                style={{ background: colour.accent }} data-testid={`${testIdPrefix}-submit`}>{busy ? t('public.sending') : t('public.submit')}</button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}

