import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { cx } from '../../shared/ui/class-names';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { Spinner } from '../../shared/ui/spinner';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { getPhonebookChoices } from '../contacts/contacts-api';
import { getMyNumbers, linesKeys } from '../lines/lines-api';
import { dynamicTemplatesApi } from '../dynamic-templates/dynamic-templates-api';
import { useFormFailure } from '../sending/send-form-failure';
import { SmsCounter } from '../sending/sms-counter';
import {
  IF_CONDITION_TYPES, SENDER_CONDITION_TYPES, SENT_DELAY_TYPES, TEXT_PARSERS_PATH, THEN_CONDITION_TYPES, textParsersApi, textParsersKeys,
} from './text-parsers-api';

const nullIfBlank = (v: string) => (v.trim() === '' ? null : v.trim());

/** Create or edit a text parser: the line, the sender and text conditions, one action, a delay. */
export function TextParserFormPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? Number(id) : null;
  const { api } = useApp();
  const { t } = useTranslation('textParsers');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: existing, isLoading: loadingExisting } = useSWR(editingId ? textParsersKeys.one(editingId) : null, () => textParsersApi.get(api, editingId!));
  const { data: lines, isLoading: linesLoading } = useSWR(linesKeys.myNumbers('Single'), () => getMyNumbers(api, { sendType: 'Single' }));
  const { data: books, isLoading: booksLoading } = useSWR(textParsersKeys.phonebooks(), () => getPhonebookChoices(api));
  const { data: templates, isLoading: templatesLoading } = useSWR(textParsersKeys.templates(), () => dynamicTemplatesApi.choices(api, undefined, { quiet: true }).catch(() => []));

  const [title, setTitle] = useState('');
  const [lineId, setLineId] = useState<number | null>(null);
  const [senderType, setSenderType] = useState<string>('Any');
  const [senderValue, setSenderValue] = useState('');
  const [senderBook, setSenderBook] = useState<number | null>(null);
  const [ifType, setIfType] = useState<string>('Any');
  const [ifValue, setIfValue] = useState('');
  const [thenType, setThenType] = useState<string>('ReplyText');
  const [thenValue, setThenValue] = useState('');
  const [targetBook, setTargetBook] = useState<number | null>(null);
  const [mobileNumber, setMobileNumber] = useState('');
  const [email, setEmail] = useState('');
  const [url, setUrl] = useState('');
  const [matching, setMatching] = useState<number | null>(null);
  const [noMatching, setNoMatching] = useState<number | null>(null);
  const [delayType, setDelayType] = useState<string>('None');
  const [delayValue, setDelayValue] = useState('0');
  const [isActive, setIsActive] = useState(true);
  const [isChildrenChange, setIsChildrenChange] = useState(false);
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    if (!existing || loaded.current) return;
    loaded.current = true;
    setTitle(existing.title); setLineId(existing.privateNumberId); setSenderType(existing.senderConditionType); setSenderValue(existing.senderConditionValue ?? '');
    setSenderBook(existing.senderPhonebookId); setIfType(existing.ifConditionType); setIfValue(existing.ifConditionValue ?? '');
    setThenType(existing.thenConditionType);
    if (existing.thenConditionType === 'AddToPhonebook') setTargetBook(existing.thenConditionValue ? Number(existing.thenConditionValue) : null);
    else setThenValue(existing.thenConditionValue ?? '');
    setMobileNumber(existing.mobileNumber ?? ''); setEmail(existing.email ?? ''); setUrl(existing.ipAndPort ?? '');
    setMatching(existing.matchingDynamicTemplateId); setNoMatching(existing.noMatchingDynamicTemplateId);
    setDelayType(existing.sentDelayType); setDelayValue(String(existing.sentDelayValue)); setIsActive(existing.isActive); setIsChildrenChange(existing.isChildrenChange);
  }, [existing]);

  const lineItems = useMemo(() => (lines ?? []).map((l) => ({ id: l.id, title: l.useForm === 'Mask' && l.mask ? l.mask : l.number })), [lines]);
  const bookItems = useMemo(() => (books ?? []).map((b) => ({ id: b.id, title: b.title })), [books]);
  const templateItems = useMemo(() => (templates ?? []).map((p) => ({ id: p.id, title: p.title })), [templates]);
  const options = (ns: string, values: readonly string[]) => values.map((v) => ({ id: v, title: t(`${ns}.${v}`) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('common.required');
    if (lineId === null) local.privateNumberId = t('common.required');
    if ((senderType === 'Equals' || senderType === 'StartsWith') && !senderValue.trim()) local.senderConditionValue = t('common.required');
    if ((senderType === 'InPhonebook' || senderType === 'NotInPhonebook') && senderBook === null) local.senderPhonebookId = t('common.required');
    if (ifType !== 'Any' && !ifValue.trim()) local.ifConditionValue = t('common.required');
    if (thenType === 'ReplyText' && !thenValue.trim()) local.thenConditionValue = t('common.required');
    if (thenType === 'AddToPhonebook' && targetBook === null) local.thenConditionValue = t('common.required');
    if (thenType === 'ForwardToMobile' && !mobileNumber.trim()) local.mobileNumber = t('common.required');
    if (thenType === 'ForwardToEmail' && !email.trim()) local.email = t('common.required');
    if (thenType === 'CallUrl' && !url.trim()) local.ipAndPort = t('common.required');
    const delay = Number(toLatinDigits(delayValue.trim() || '0'));
    if (!Number.isInteger(delay) || delay < 0) local.sentDelayValue = t('common.required');
    if (Object.keys(local).length) { fail(local); return; }
    const body = {
      title: title.trim(), privateNumberId: lineId, isActive, isChildrenChange,
      senderConditionType: senderType, senderConditionValue: nullIfBlank(senderValue), senderPhonebookId: senderBook,
      ifConditionType: ifType, ifConditionValue: ifType === 'Any' ? null : ifValue,
      thenConditionType: thenType,
      thenConditionValue: thenType === 'AddToPhonebook' ? (targetBook === null ? null : String(targetBook)) : thenType === 'ReplyText' ? thenValue : null,
      mobileNumber: nullIfBlank(mobileNumber), email: nullIfBlank(email), ipAndPort: nullIfBlank(url),
      matchingDynamicTemplateId: matching, noMatchingDynamicTemplateId: noMatching,
      sentDelayType: delayType, sentDelayValue: delayType === 'None' ? 0 : delay,
    };
    setBusy(true);
    try {
      if (editingId) await textParsersApi.update(api, { id: editingId, ...body }, { quiet: true });
      else await textParsersApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('list.saved') });
      await mutate(textParsersKeys.isParserKey);
      void navigate(TEXT_PARSERS_PATH);
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  if (editingId && loadingExisting) return <Spinner />;
  const ifHint = ifType === 'Regex' || ifType === 'NumberRange' ? t(`form.ifHint.${ifType}`) : undefined;
  return (
    <section data-testid="text-parser-form-page">
      <PageHeader title={t(editingId ? 'form.editTitle' : 'form.createTitle')} breadcrumbs={<Link to={TEXT_PARSERS_PATH} className="underline">{t('common.back')}</Link>} />
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid max-w-3xl gap-4" data-testid="text-parser-form">
        <ErrorSummary errors={errors} testId="text-parser-errors" />
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('form.loopNote')}</p>
        <TextField id="text-parser-title" data-testid="text-parser-title" label={t('form.title')} value={title} dir="auto" maxLength={200} required
          error={errors.title} onChange={(e) => setTitle(e.target.value)} />
        <Select id="text-parser-line" data-testid="text-parser-line" label={t('form.line')} hint={!linesLoading && lineItems.length === 0 ? t('form.noLines') : t('form.lineHint')}
          items={lineItems} value={lineId ?? ''} loading={linesLoading} required error={errors.privateNumberId}
          onChange={(v) => setLineId(v === null ? null : Number(v))} />

        <fieldset className="grid gap-3 rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('form.sender')}</legend>
          <Select id="text-parser-sender-type" data-testid="text-parser-sender-type" label={t('form.sender')} items={options('sender', SENDER_CONDITION_TYPES)} value={senderType}
            clearable={false} optimalSearch={false} error={errors.senderConditionType} onChange={(v) => setSenderType(v === null ? 'Any' : String(v))} />
          {(senderType === 'Equals' || senderType === 'StartsWith') && (
            <TextField id="text-parser-sender-value" data-testid="text-parser-sender-value" label={t('form.senderValue')} value={senderValue} dir="ltr" inputMode="tel" required
              error={errors.senderConditionValue} onChange={(e) => setSenderValue(e.target.value)} />
          )}
          {(senderType === 'InPhonebook' || senderType === 'NotInPhonebook') && (
            <Select id="text-parser-sender-book" data-testid="text-parser-sender-book" label={t('form.senderPhonebook')} items={bookItems} value={senderBook ?? ''} loading={booksLoading} required
              hint={!booksLoading && bookItems.length === 0 ? t('form.noPhonebooks') : undefined} error={errors.senderPhonebookId}
              onChange={(v) => setSenderBook(v === null ? null : Number(v))} />
          )}
        </fieldset>

        <fieldset className="grid gap-3 rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('form.ifType')}</legend>
          <Select id="text-parser-if-type" data-testid="text-parser-if-type" label={t('form.ifType')} items={options('if', IF_CONDITION_TYPES)} value={ifType}
            clearable={false} optimalSearch={false} error={errors.ifConditionType} onChange={(v) => setIfType(v === null ? 'Any' : String(v))} />
          {ifType !== 'Any' && (
            <TextField id="text-parser-if-value" data-testid="text-parser-if-value" label={t('form.ifValue')} hint={ifHint} value={ifValue}
              dir={ifType === 'Regex' || ifType === 'NumberRange' ? 'ltr' : 'auto'} maxLength={500} required error={errors.ifConditionValue} onChange={(e) => setIfValue(e.target.value)} />
          )}
        </fieldset>

        <fieldset className="grid gap-3 rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('form.thenType')}</legend>
          <Select id="text-parser-then-type" data-testid="text-parser-then-type" label={t('form.thenType')} items={options('then', THEN_CONDITION_TYPES)} value={thenType}
            clearable={false} optimalSearch={false} error={errors.thenConditionType} onChange={(v) => setThenType(v === null ? 'ReplyText' : String(v))} />
          {thenType === 'ReplyText' && (
            <div>
              <label htmlFor="text-parser-reply" className="mb-1 block text-sm font-medium">{t('form.replyText')}<span className="text-red-600"> *</span></label>
              <textarea id="text-parser-reply" data-testid="text-parser-reply" rows={4} dir="auto" value={thenValue} maxLength={1000} onChange={(e) => setThenValue(e.target.value)}
                aria-invalid={errors.thenConditionValue ? true : undefined} aria-describedby={errors.thenConditionValue ? 'text-parser-reply-error' : undefined}
                className={cx('w-full rounded border px-3 py-2 text-start dark:bg-slate-800', errors.thenConditionValue ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
              <SmsCounter text={thenValue} />
              {errors.thenConditionValue && <p id="text-parser-reply-error" role="alert" className="text-sm text-red-700">{errors.thenConditionValue}</p>}
            </div>
          )}
          {thenType === 'ReplyDynamicTemplate' && (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-300">{!templatesLoading && templateItems.length === 0 ? t('form.noTemplates') : t('form.templateHint')}</p>
              <Select id="text-parser-matching" data-testid="text-parser-matching" label={t('form.matchingTemplate')} items={templateItems} value={matching ?? ''} loading={templatesLoading}
                error={errors.matchingDynamicTemplateId} onChange={(v) => setMatching(v === null ? null : Number(v))} />
              <Select id="text-parser-no-matching" data-testid="text-parser-no-matching" label={t('form.noMatchingTemplate')} items={templateItems} value={noMatching ?? ''} loading={templatesLoading}
                error={errors.noMatchingDynamicTemplateId} onChange={(v) => setNoMatching(v === null ? null : Number(v))} />
            </>
          )}
          {thenType === 'AddToPhonebook' && (
            <Select id="text-parser-target-book" data-testid="text-parser-target-book" label={t('form.targetPhonebook')} items={bookItems} value={targetBook ?? ''} loading={booksLoading} required
              hint={!booksLoading && bookItems.length === 0 ? t('form.noPhonebooks') : undefined} error={errors.thenConditionValue}
              onChange={(v) => setTargetBook(v === null ? null : Number(v))} />
          )}
          {thenType === 'ForwardToMobile' && (
            <TextField id="text-parser-mobile" data-testid="text-parser-mobile" label={t('form.mobileNumber')} value={mobileNumber} dir="ltr" inputMode="tel" required
              error={errors.mobileNumber} onChange={(e) => setMobileNumber(e.target.value)} />
          )}
          {thenType === 'ForwardToEmail' && (
            <>
              <p role="note" className="rounded bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100" data-testid="text-parser-email-notice">{t('form.emailNotice')}</p>
              <TextField id="text-parser-email" data-testid="text-parser-email" label={t('form.email')} value={email} dir="ltr" type="email" required
                error={errors.email} onChange={(e) => setEmail(e.target.value)} />
            </>
          )}
          {thenType === 'CallUrl' && (
            <TextField id="text-parser-url" data-testid="text-parser-url" label={t('form.url')} hint={t('form.urlHint')} value={url} dir="ltr" type="url" required
              error={errors.ipAndPort} onChange={(e) => setUrl(e.target.value)} />
          )}
          <div className="flex flex-wrap gap-3">
            <Select id="text-parser-delay-type" data-testid="text-parser-delay-type" label={t('form.delayType')} items={options('delay', SENT_DELAY_TYPES)} value={delayType}
              clearable={false} optimalSearch={false} error={errors.sentDelayType} onChange={(v) => setDelayType(v === null ? 'None' : String(v))} />
            {delayType !== 'None' && (
              <TextField id="text-parser-delay-value" data-testid="text-parser-delay-value" label={t('form.delayValue')} value={delayValue} dir="ltr" inputMode="numeric"
                error={errors.sentDelayValue} onChange={(e) => setDelayValue(e.target.value)} />
            )}
          </div>
        </fieldset>

        <CheckboxField id="text-parser-active" data-testid="text-parser-active" label={t('form.isActive')} checked={isActive} onCheckedChange={setIsActive} />
        <CheckboxField id="text-parser-children" data-testid="text-parser-children" label={t('form.isChildrenChange')} hint={t('form.isChildrenChangeHint')}
          checked={isChildrenChange} onCheckedChange={setIsChildrenChange} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigate(TEXT_PARSERS_PATH)}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="text-parser-save">{t('common.save')}</Button>
        </div>
      </form>
    </section>
  );
}
