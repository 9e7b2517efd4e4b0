import { useEffect, useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { useCurrentUser } from '../../shared/auth/current-user';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { isolateText } from '../../shared/ui/bidi';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { useFormFailure } from '../sending/send-form-failure';
import { NEWS_MANAGE_PATH, newsApi, newsKeys } from './news-api';

// Whole minutes, rounded down: a news saved "now" shows at once.
const daysFromNow = (d: number) => new Date(Math.floor((Date.now() + d * 86_400_000) / 60_000) * 60_000).toISOString();

/** Write or edit a news: its text, its window (Jalali pickers in Persian), its audience and whether it must be read. */
export function NewsFormPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? Number(id) : null;
  const { api } = useApp();
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: user } = useCurrentUser();
  const { data: existing, isLoading } = useSWR(editingId ? newsKeys.one(editingId) : null, () => newsApi.get(api, editingId!));
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [startDate, setStartDate] = useState<string | null>(() => daysFromNow(0));
  const [endDate, setEndDate] = useState<string | null>(() => daysFromNow(7));
  const [forSubs, setForSubs] = useState(false);
  const [mustRead, setMustRead] = useState(false);
  const [domain, setDomain] = useState('');
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    if (!existing || loaded.current) return;
    loaded.current = true;
    setTitle(existing.title); setText(existing.text); setStartDate(existing.startDate); setEndDate(existing.endDate);
    setForSubs(existing.displayForAllSubOrganizations); setMustRead(existing.isRequiredToSeen); setDomain(existing.customerDomainName ?? '');
  }, [existing]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('common.required');
    if (!text.trim()) local.text = t('common.required');
    if (!startDate) local.startDate = t('common.required');
    if (!endDate) local.endDate = t('common.required');
    if (Object.keys(local).length) { fail(local); return; }
    const body = {
      title: title.trim(), text: text.trim(), startDate, endDate, displayForAllSubOrganizations: forSubs, isRequiredToSeen: mustRead, customerDomainName: domain.trim() || null,
    };
    setBusy(true);
    try {
      if (editingId) await newsApi.update(api, { id: editingId, ...body }, { quiet: true }); else await newsApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('list.saved') });
      await mutate(newsKeys.isNewsKey);
      void navigate(NEWS_MANAGE_PATH);
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  if (editingId && isLoading) return <Spinner />;
  const organization = existing?.organizationName ?? user?.organizationName ?? '';
  const textError = errors.text;
  return (
    <section data-testid="news-form-page">
      <PageHeader title={t(editingId ? 'form.editTitle' : 'form.createTitle')} breadcrumbs={<Link to={NEWS_MANAGE_PATH} className="underline">{t('common.back')}</Link>} />
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid max-w-3xl gap-4" data-testid="news-form">
        <ErrorSummary errors={errors} testId="news-errors" />
        <TextField id="news-title" data-testid="news-title" label={t('form.title')} value={title} dir="auto" maxLength={200} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
        <div className="flex flex-col gap-1">
          <label htmlFor="news-text" className="text-sm font-medium">{t('form.text')}</label>
          <textarea id="news-text" data-testid="news-text" rows={6} dir="auto" value={text} maxLength={10_000} required aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? 'news-text-error' : undefined} onChange={(e) => setText(e.target.value)}
            className="w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-sm dark:border-gray-400 dark:bg-gray-900" />
          {textError && <p id="news-text-error" className="text-sm text-red-700 dark:text-red-400">{textError}</p>}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('form.windowHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <DateTimePicker id="news-start" data-testid="news-start" label={t('form.startDate')} value={startDate} onChange={setStartDate} error={errors.startDate} required />
          <DateTimePicker id="news-end" data-testid="news-end" label={t('form.endDate')} value={endDate} onChange={setEndDate} error={errors.endDate} required />
        </div>
        <CheckboxField id="news-for-subs" data-testid="news-for-subs" label={t('form.displayForAllSubOrganizations')}
          hint={t('form.displayForAllSubOrganizationsHint', { organization: isolateText(organization) })} checked={forSubs} onCheckedChange={setForSubs} />
        <CheckboxField id="news-must-read" data-testid="news-must-read" label={t('form.isRequiredToSeen')} hint={t('form.isRequiredToSeenHint')} checked={mustRead} onCheckedChange={setMustRead} />
        <TextField id="news-domain" data-testid="news-domain" label={t('form.customerDomainName')} hint={t('form.customerDomainNameHint')} value={domain} dir="ltr" maxLength={253}
          error={errors.customerDomainName} onChange={(e) => setDomain(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigate(NEWS_MANAGE_PATH)}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="news-save">{t('common.save')}</Button>
        </div>
      </form>
    </section>
  );
}
