import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from './checkbox-field';
import { describedBy, FieldFrame, fieldErrorId, inputClass } from './field-frame';
import { NumericInput } from './numeric-input';
import { TextField } from './text-field';
import { controlOf, SECRET_MASK, setDraft, textsOf, type Draft, type JsonSchema } from './schema-form-logic';
import { UI_NS } from '../ui.i18n';

export interface SchemaFormProps {
  /** An object schema (a gateway plugin's options schema). */
  schema: JsonSchema;
  draft: Draft;
  onChange(draft: Draft): void;
  /** Translated messages by field path (dots, relative to the schema: `host`, `tls.ca`). */
  errors?: Record<string, string | undefined>;
  /** Prefix of element ids and test ids: `<prefix>-<path with dashes>`. */
  idPrefix: string;
  disabled?: boolean;
}

/**
 * A form generated from a JSON Schema: one control per property (see `schema-form-logic.ts` for
 * which), labelled and hinted in the panel's language (`textsOf`: `x-title-fa` / `x-description-fa`
 * in Persian, else `title` / `description`, else the property name), required marked.
 */
export function SchemaForm({ schema, draft, onChange, errors = {}, idPrefix, disabled }: SchemaFormProps) {
  return (
    <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2" data-testid={`${idPrefix}-form`}>
      <Fields schema={schema} draft={draft} path="" onChange={onChange} root={draft} errors={errors} idPrefix={idPrefix} disabled={disabled} />
    </div>
  );
}

interface FieldsProps {
  schema: JsonSchema;
  draft: Draft;
  root: Draft;
  path: string;
  onChange(draft: Draft): void;
  errors: Record<string, string | undefined>;
  idPrefix: string;
  disabled?: boolean;
}

function Fields({ schema, draft, root, path, onChange, errors, idPrefix, disabled }: FieldsProps) {
  const required = new Set(schema.required ?? []);
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([key, prop]) => {
        const fieldPath = path ? `${path}.${key}` : key;
        return (
          <Field key={fieldPath} name={key} schema={prop} value={draft[key]} path={fieldPath} required={required.has(key)} root={root}
            onChange={onChange} errors={errors} idPrefix={idPrefix} disabled={disabled} />
        );
      })}
    </>
  );
}

interface FieldProps {
  name: string;
  schema: JsonSchema;
  value: string | boolean | Draft | undefined;
  path: string;
  required: boolean;
  root: Draft;
  onChange(draft: Draft): void;
  errors: Record<string, string | undefined>;
  idPrefix: string;
  disabled?: boolean;
}

function Field({ name, schema, value, path, required, root, onChange, errors, idPrefix, disabled }: FieldProps) {
  const { t, i18n } = useTranslation(UI_NS);
  const autoId = useId();
  const id = `${idPrefix}-${path.replace(/\./g, '-')}`;
  const { label, hint: description } = textsOf(schema, name, i18n.language ?? '');
  const error = errors[path];
  const set = (next: string | boolean) => onChange(setDraft(root, path, next));
  const text = typeof value === 'string' ? value : '';
  const kind = controlOf(schema);
  switch (kind) {
    case 'boolean':
      return <CheckboxField id={id} data-testid={id} label={label} hint={description} checked={value === true} error={error} disabled={disabled} onCheckedChange={set} />;
    case 'integer':
    case 'number':
      return (
        <NumericInput id={id} data-testid={id} label={label} hint={description} required={required} value={text} error={error} disabled={disabled}
          allowDecimal={kind === 'number'} allowNegative={(schema.minimum ?? schema.exclusiveMinimum ?? -1) < 0} onValueChange={set}
          placeholder={rangeText(schema)} />
      );
    case 'secret':
      return (
        <TextField id={id} data-testid={id} type="password" autoComplete="new-password" dir="ltr" label={label} required={required} value={text} error={error}
          disabled={disabled} hint={text === SECRET_MASK ? t('schemaForm.secretKept') : description}
          onChange={(e) => set(e.target.value)} />
      );
    case 'text':
      return (
        <TextField id={id} data-testid={id} dir="ltr" label={label} hint={description} required={required} value={text} error={error}
          disabled={disabled} onChange={(e) => set(e.target.value)} />
      );
    case 'multiline':
      return (
        <FieldFrame id={id} label={label} required={required} hint={description} errorText={error ?? null} className="col-span-full">
          <textarea id={id} data-testid={id} rows={6} dir="ltr" spellCheck={false} value={text} disabled={disabled} required={required}
            aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, description, error ?? null)}
            className={`${inputClass(!!error)} font-mono text-xs`} onChange={(e) => set(e.target.value)} />
        </FieldFrame>
      );
    case 'enum': {
      const hint = description;
      return (
        <FieldFrame id={id} label={label} required={required} hint={hint} errorText={error ?? null}>
          <select id={id} data-testid={id} value={text} disabled={disabled} required={required} dir="ltr"
            aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error ?? null)} className={inputClass(!!error)}
            onChange={(e) => set(e.target.value)}>
            {(!required || text === '') && <option value="">{t('schemaForm.noValue')}</option>}
            {schema.enum!.map((option) => <option key={String(option)} value={String(option)}>{String(option)}</option>)}
          </select>
        </FieldFrame>
      );
    }
    case 'object':
      return (
        <fieldset className="col-span-full rounded border border-slate-300 p-3 dark:border-slate-600" data-testid={id} aria-describedby={[description ? `${autoId}-d` : '', error ? fieldErrorId(id) : ''].filter(Boolean).join(' ') || undefined}>
          <legend className="px-1 text-sm font-medium">{label}{required && <span aria-hidden="true" className="ms-1 text-red-600">*</span>}</legend>
          {description && <p id={`${autoId}-d`} className="mb-2 text-xs text-slate-500">{description}</p>}
          {/* The server's error for the group itself (`options.poll` missing when reports are polled). */}
          {error && <p id={fieldErrorId(id)} role="alert" className="mb-2 text-xs text-red-600 dark:text-red-400">{error}</p>}
          <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
            <Fields schema={schema} draft={(value && typeof value === 'object' ? value : {}) as Draft} root={root} path={path} onChange={onChange}
              errors={errors} idPrefix={idPrefix} disabled={disabled} />
          </div>
        </fieldset>
      );
    default: {
      // 'lines' (arrays of strings) and 'json' (anything else) are both edited as text.
      const hint = [description, t(kind === 'lines' ? 'schemaForm.linesHint' : 'schemaForm.jsonHint')].filter(Boolean).join(' ');
      return (
        <FieldFrame id={id} label={label} required={required} hint={hint} errorText={error ?? null} className="col-span-full">
          <textarea id={id} data-testid={id} rows={kind === 'lines' ? 3 : 5} dir="ltr" spellCheck={false} value={text} disabled={disabled} required={required}
            aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error ?? null)}
            className={`${inputClass(!!error)} ${kind === 'json' ? 'font-mono text-xs' : ''}`} onChange={(e) => set(e.target.value)} />
        </FieldFrame>
      );
    }
  }
}

function rangeText(schema: JsonSchema): string | undefined {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (min === undefined && max === undefined) return undefined;
  return `${min ?? ''}–${max ?? ''}`;
}
