import { useEffect, useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { FileInput } from '../../shared/ui/form/file-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { Spinner } from '../../shared/ui/spinner';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { useFormFailure } from '../sending/send-form-failure';
import {
  SURVEY_THEME_COLORS, SURVEYS_PATH, sendSurveyPath, surveyEditPath, surveyImageUrl, surveyPublicUrl, surveyResultsPath, surveysApi, surveysKeys,
  type QuestionInput, type Survey, type SurveyImageType, type SurveyQuestion, type SurveyThemeColor,
} from './surveys-api';

const dayFromNow = (d: number) => new Date(Math.floor((Date.now() + d * 86_400_000) / 60_000) * 60_000).toISOString();
const areaClass = (invalid: boolean) => cx('w-full rounded border px-3 py-2 text-start dark:bg-slate-800', invalid ? 'border-red-600' : 'border-slate-300 dark:border-slate-600');

/** A survey's settings, images, questions with branching, and its address to preview and send. */
export function SurveyEditorPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? Number(id) : null;
  const { api } = useApp();
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: detail, isLoading, mutate: reload } = useSWR(editingId ? surveysKeys.one(editingId) : null, () => surveysApi.get(api, editingId!));

  if (editingId && (isLoading || !detail)) return <Spinner />;
  return (
    <section data-testid="survey-editor-page">
      <PageHeader title={t(editingId ? 'editor.editTitle' : 'editor.createTitle')} breadcrumbs={<Link to={SURVEYS_PATH} className="underline">{t('common.back')}</Link>} />
      <SettingsForm key={editingId ?? 'new'} survey={detail?.survey ?? null} onSaved={async (saved) => {
        await mutate(surveysKeys.isSurveyKey);
        if (!editingId) void navigate(surveyEditPath(saved.id), { replace: true });
      }} />
      {detail ? (
        <>
          <AddressBar survey={detail.survey} />
          <ImagesSection survey={detail.survey} onChanged={() => void reload()} />
          <QuestionsSection surveyId={detail.survey.id} questions={detail.questions} onChanged={() => void reload()} />
        </>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" data-testid="survey-questions-after-save">{t('editor.questionsAfterSave')}</p>
      )}
    </section>
  );

  function AddressBar({ survey }: { survey: Survey }) {
    const url = surveyPublicUrl(survey.publicPath);
    const copy = async () => {
      try { await navigator.clipboard.writeText(url); showToast({ kind: 'success', message: t('editor.copied') }); } catch { /* the address is on screen to copy by hand */ }
    };
    return (
      <section className="mt-6 max-w-3xl rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="survey-address">
        <h2 className="text-lg font-semibold">{t('editor.publicAddress')}</h2>
        <p className="my-2 break-all text-sm" dir="ltr" data-testid="survey-public-url">{url}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void copy()}>{t('editor.copy')}</Button>
          <a className="rounded border border-slate-300 px-3 py-1 text-sm underline dark:border-slate-600" href={url} target="_blank" rel="noreferrer" data-testid="survey-preview">{t('editor.preview')}</a>
          <Button size="sm" onClick={() => void navigate(sendSurveyPath(survey.publicPath))} data-testid="survey-send">{t('editor.send')}</Button>
          <Button size="sm" variant="secondary" onClick={() => void navigate(surveyResultsPath(survey.id))} data-testid="survey-open-results">{t('editor.results')}</Button>
        </div>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t('editor.sendHint')}</p>
      </section>
    );
  }
}

function SettingsForm({ survey, onSaved }: { survey: Survey | null; onSaved(saved: Survey): Promise<void> }) {
  const { api } = useApp();
  const { t } = useTranslation('surveys');
  const [title, setTitle] = useState(survey?.title ?? '');
  const [startAt, setStartAt] = useState<string | null>(survey?.startAt ?? dayFromNow(0));
  const [endAt, setEndAt] = useState<string | null>(survey?.endAt ?? dayFromNow(30));
  const [introPage, setIntroPage] = useState(survey?.introPage ?? '');
  const [outroPage, setOutroPage] = useState(survey?.outroPage ?? '');
  const [themeColor, setThemeColor] = useState<SurveyThemeColor>((survey?.themeColor as SurveyThemeColor | undefined) ?? 'default');
  const [redirectUrl, setRedirectUrl] = useState(survey?.redirectUrl ?? '');
  const [password, setPassword] = useState('');
  const [noPassword, setNoPassword] = useState(false);
  const [isActive, setIsActive] = useState(survey?.isActive ?? true);
  const [crmAccessKey, setCrmAccessKey] = useState(survey?.crmAccessKey ?? '');
  const [crmUserName, setCrmUserName] = useState(survey?.crmUserName ?? '');
  const [enableSaveResponseInCrm, setEnableSaveResponseInCrm] = useState(survey?.enableSaveResponseInCrm ?? false);
  const [crmField, setCrmField] = useState(survey?.crmField ?? '');
  const [spreadSheetId, setSpreadSheetId] = useState(survey?.spreadSheetId ?? '');
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const colorItems = SURVEY_THEME_COLORS.map((c) => ({ id: c, title: t(`colors.${c}`) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('common.required');
    if (!startAt) local.startAt = t('common.required');
    if (!endAt) local.endAt = t('common.required');
    if (Object.keys(local).length) { fail(local); return; }
    const text = (v: string) => v.trim() || null;
    const body = {
      title: title.trim(), startAt, endAt, introPage: text(introPage), outroPage: text(outroPage), themeColor, redirectUrl: text(redirectUrl),
      crmAccessKey: text(crmAccessKey), crmUserName: text(crmUserName), enableSaveResponseInCrm, crmField: text(crmField), spreadSheetId: text(spreadSheetId), isActive,
      // Typed: the new password; "no password": removed; neither: unchanged.
      ...(noPassword ? { password: null } : password ? { password } : {}),
    };
    setBusy(true);
    try {
      const saved = survey ? await surveysApi.update(api, { id: survey.id, ...body }, { quiet: true }) : await surveysApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('editor.saved') });
      setPassword('');
      setNoPassword(false);
      await onSaved(saved);
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid max-w-3xl gap-4" data-testid="survey-form">
      <ErrorSummary errors={errors} testId="survey-errors" />
      <TextField id="survey-title" data-testid="survey-title" label={t('editor.title')} value={title} dir="auto" maxLength={200} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateTimePicker id="survey-start" data-testid="survey-start" label={t('editor.startAt')} value={startAt} onChange={setStartAt} error={errors.startAt} required />
        <DateTimePicker id="survey-end" data-testid="survey-end" label={t('editor.endAt')} value={endAt} onChange={setEndAt} error={errors.endAt} required />
      </div>
      <div>
        <label htmlFor="survey-intro" className="mb-1 block text-sm font-medium">{t('editor.introPage')}</label>
        <textarea id="survey-intro" data-testid="survey-intro" rows={3} dir="auto" value={introPage} maxLength={5000} onChange={(e) => setIntroPage(e.target.value)}
          aria-invalid={errors.introPage ? true : undefined} aria-describedby={errors.introPage ? 'survey-intro-error' : undefined} className={areaClass(!!errors.introPage)} />
        {errors.introPage && <p id="survey-intro-error" role="alert" className="text-sm text-red-700">{errors.introPage}</p>}
      </div>
      <div>
        <label htmlFor="survey-outro" className="mb-1 block text-sm font-medium">{t('editor.outroPage')}</label>
        <textarea id="survey-outro" data-testid="survey-outro" rows={3} dir="auto" value={outroPage} maxLength={5000} onChange={(e) => setOutroPage(e.target.value)}
          aria-invalid={errors.outroPage ? true : undefined} aria-describedby={errors.outroPage ? 'survey-outro-error' : undefined} className={areaClass(!!errors.outroPage)} />
        {errors.outroPage && <p id="survey-outro-error" role="alert" className="text-sm text-red-700">{errors.outroPage}</p>}
      </div>
      <Select id="survey-color" data-testid="survey-color" label={t('editor.themeColor')} items={colorItems} value={themeColor} clearable={false} optimalSearch={false}
        error={errors.themeColor} onChange={(v) => setThemeColor((v as SurveyThemeColor | null) ?? 'default')} />
      <TextField id="survey-redirect" data-testid="survey-redirect" label={t('editor.redirectUrl')} hint={t('editor.redirectUrlHint')} value={redirectUrl} dir="ltr" maxLength={2000}
        error={errors.redirectUrl} onChange={(e) => setRedirectUrl(e.target.value)} />
      <TextField id="survey-password" data-testid="survey-password" type="password" autoComplete="new-password" label={t('editor.password')}
        hint={survey?.hasPassword ? t('editor.passwordKeep') : t('editor.passwordHint')} value={password} maxLength={100} disabled={noPassword}
        error={errors.password} onChange={(e) => setPassword(e.target.value)} />
      {survey?.hasPassword && <CheckboxField id="survey-no-password" data-testid="survey-no-password" label={t('editor.noPassword')} checked={noPassword} onCheckedChange={setNoPassword} />}
      <CheckboxField id="survey-active" data-testid="survey-active" label={t('editor.isActive')} checked={isActive} onCheckedChange={setIsActive} />
      <fieldset className="grid gap-3 rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="survey-crm">
        <legend className="px-1 text-sm font-semibold">{t('editor.crm')}</legend>
        <p className="rounded bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="survey-crm-notice">{t('editor.crmNotice')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField id="survey-crm-key" label={t('editor.crmAccessKey')} value={crmAccessKey} dir="ltr" maxLength={500} error={errors.crmAccessKey} onChange={(e) => setCrmAccessKey(e.target.value)} />
          <TextField id="survey-crm-user" label={t('editor.crmUserName')} value={crmUserName} dir="ltr" maxLength={200} error={errors.crmUserName} onChange={(e) => setCrmUserName(e.target.value)} />
          <TextField id="survey-crm-field" label={t('editor.crmField')} value={crmField} dir="ltr" maxLength={200} error={errors.crmField} onChange={(e) => setCrmField(e.target.value)} />
          <TextField id="survey-sheet" label={t('editor.spreadSheetId')} value={spreadSheetId} dir="ltr" maxLength={200} error={errors.spreadSheetId} onChange={(e) => setSpreadSheetId(e.target.value)} />
        </div>
        <CheckboxField id="survey-crm-save" label={t('editor.enableSaveResponseInCrm')} checked={enableSaveResponseInCrm} onCheckedChange={setEnableSaveResponseInCrm} />
      </fieldset>
      <div className="flex justify-end"><Button type="submit" loading={busy} data-testid="survey-save">{t('common.save')}</Button></div>
    </form>
  );
}

function ImagesSection({ survey, onChanged }: { survey: Survey; onChanged(): void }) {
  const { api, apiRoot } = useApp();
  const { t } = useTranslation('surveys');
  const [error, setError] = useState<Partial<Record<SurveyImageType, string>>>({});
  const [busy, setBusy] = useState<SurveyImageType | null>(null);
  const upload = async (imageType: SurveyImageType, file: File | undefined) => {
    if (!file) return;
    setBusy(imageType);
    try {
      await surveysApi.uploadImage(api, survey.id, imageType, file);
      setError((e) => ({ ...e, [imageType]: undefined }));
      showToast({ kind: 'success', message: t('editor.imageSaved') });
      onChanged();
    } catch (err) { setError((e) => ({ ...e, [imageType]: errorsOf(err).file ?? Object.values(errorsOf(err))[0] })); } finally { setBusy(null); }
  };
  const remove = async (imageType: SurveyImageType) => {
    try { await surveysApi.removeImage(api, { id: survey.id, imageType }); onChanged(); } catch { /* the error catalogue told the user */ }
  };
  const slot = (imageType: SurveyImageType, path: string | null, labelKey: string, altKey: string) => (
    <div className="grid gap-2" data-testid={`survey-image-${imageType}`}>
      <FileInput id={`survey-${imageType}`} label={t(labelKey)} accept="image/png,image/jpeg" onFile={(f) => void upload(imageType, f)} fileName={null}
        disabled={busy !== null} errorId={error[imageType] ? `survey-${imageType}-error` : undefined} data-testid={`survey-${imageType}-file`} />
      {error[imageType] && <p id={`survey-${imageType}-error`} role="alert" className="text-sm text-red-700">{error[imageType]}</p>}
      {path && (
        <div className="flex items-center gap-2">
          <img src={surveyImageUrl(apiRoot, path) ?? ''} alt={t(altKey)} className="h-16 w-auto max-w-[10rem] object-contain" />
          <Button size="sm" variant="ghost" onClick={() => void remove(imageType)}>{t('editor.removeImage')}</Button>
        </div>
      )}
    </div>
  );
  return (
    <section className="mt-6 max-w-3xl rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="survey-images">
      <h2 className="text-lg font-semibold">{t('editor.images')}</h2>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">{t('editor.imageHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {slot('Logo', survey.logo, 'editor.logo', 'editor.logoAlt')}
        {slot('BackgroundImage', survey.backgroundImage, 'editor.backgroundImage', 'editor.backgroundAlt')}
      </div>
    </section>
  );
}

function QuestionsSection({ surveyId, questions, onChanged }: { surveyId: number; questions: SurveyQuestion[]; onChanged(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('surveys');
  const digits = useDigits();
  const [editing, setEditing] = useState<SurveyQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SurveyQuestion | null>(null);
  const [busy, setBusy] = useState(false);
  const move = async (index: number, by: number) => {
    const ids = questions.map((q) => q.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    try { await surveysApi.reorder(api, { surveyId, questionIds: ids }); onChanged(); } catch { /* the error catalogue told the user */ }
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await surveysApi.deleteQuestion(api, deleting.id);
      showToast({ kind: 'success', message: t('editor.questionDeleted') });
      setDeleting(null);
      onChanged();
    } catch { setDeleting(null); } finally { setBusy(false); }
  };
  return (
    <section className="mt-6 max-w-3xl rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="survey-questions">
      <h2 className="text-lg font-semibold">{t('editor.questions')}</h2>
      {questions.length === 0 && <p className="text-sm" data-testid="survey-no-questions">{t('editor.noQuestions')}</p>}
      <ol className="grid gap-2">
        {questions.map((q, i) => (
          <li key={q.id} className="rounded border border-slate-200 p-2 dark:border-slate-700" data-testid="survey-question">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span><span className="font-semibold">{digits(i + 1)}.</span> <UserText>{q.text}</UserText> <span className="text-xs text-slate-600 dark:text-slate-300">({t(`question.${q.type}`)}{q.isRequired ? ` · ${t('question.isRequired')}` : ''})</span></span>
              <span className="flex flex-wrap gap-1">
                <Button size="sm" variant="ghost" aria-label={t('editor.moveUp', { n: i + 1 })} disabled={i === 0} onClick={() => void move(i, -1)}>↑</Button>
                <Button size="sm" variant="ghost" aria-label={t('editor.moveDown', { n: i + 1 })} disabled={i === questions.length - 1} onClick={() => void move(i, 1)}>↓</Button>
                <Button size="sm" variant="secondary" onClick={() => setEditing(q)} data-testid="survey-question-edit">{t('common.edit')}</Button>
                <Button size="sm" variant="danger" onClick={() => setDeleting(q)} data-testid="survey-question-delete">{t('common.delete')}</Button>
              </span>
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-300">{t('editor.visits', { n: digits(q.visitCount) })}</p>
            {editing !== 'new' && editing?.id === q.id && (
              <QuestionForm surveyId={surveyId} question={q} index={i} questions={questions} onDone={(saved) => { setEditing(null); if (saved) onChanged(); }} />
            )}
          </li>
        ))}
      </ol>
      {editing === 'new'
        ? <QuestionForm surveyId={surveyId} question={null} index={questions.length} questions={questions} onDone={(saved) => { setEditing(null); if (saved) onChanged(); }} />
        : <div className="mt-3"><Button size="sm" onClick={() => setEditing('new')} data-testid="survey-add-question">{t('editor.addQuestion')}</Button></div>}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('question.deleteTitle')}
        message={deleting ? t('question.deleteMessage', { text: isolateText(deleting.text) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="survey-question-delete-dialog" />
    </section>
  );
}

type AnswerDraft = { id?: number; text: string; nextQuestionId: number | null };

function QuestionForm({ surveyId, question, index, questions, onDone }: {
  surveyId: number; question: SurveyQuestion | null; index: number; questions: SurveyQuestion[]; onDone(saved: boolean): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('surveys');
  const digits = useDigits();
  const [text, setText] = useState(question?.text ?? '');
  const [type, setType] = useState<'Text' | 'Select'>((question?.type as 'Text' | 'Select' | undefined) ?? 'Text');
  const [isRequired, setIsRequired] = useState(question?.isRequired ?? false);
  const [minLength, setMinLength] = useState(question?.minLength?.toString() ?? '');
  const [maxLength, setMaxLength] = useState(question?.maxLength?.toString() ?? '');
  const [answerPattern, setAnswerPattern] = useState(question?.answerPattern ?? '');
  const [nextQuestionId, setNextQuestionId] = useState<number | null>(question?.nextQuestionId ?? null);
  const [previousQuestionId, setPreviousQuestionId] = useState<number | null>(question?.previousQuestionId ?? null);
  const [answers, setAnswers] = useState<AnswerDraft[]>(question?.answers.length ? question.answers.map((a) => ({ ...a })) : [{ text: '', nextQuestionId: null }, { text: '', nextQuestionId: null }]);
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => { first.current?.focus(); }, []);
  const prefix = `survey-q-${question?.id ?? 'new'}`;
  // Any other question of the survey may be a target; the server refuses loops that never end.
  const targets = questions.filter((q) => q.id !== question?.id).map((q) => ({ id: q.id, title: `${digits(questions.indexOf(q) + 1)}. ${q.text}` }));
  const number = (v: string) => (v.trim() ? Number(toLatinDigits(v.trim())) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!text.trim()) local.text = t('common.required');
    const min = number(minLength);
    const max = number(maxLength);
    if (min !== null && !Number.isInteger(min)) local.minLength = t('common.required');
    if (max !== null && !Number.isInteger(max)) local.maxLength = t('common.required');
    if (Object.keys(local).length) { fail(local); return; }
    const body: QuestionInput = {
      text: text.trim(), type, isRequired,
      minLength: type === 'Text' ? min : null, maxLength: type === 'Text' ? max : null, answerPattern: type === 'Text' ? answerPattern.trim() || null : null,
      nextQuestionId, previousQuestionId, answers: type === 'Select' ? answers.map((a) => ({ ...a, text: a.text.trim() })) : [],
    };
    setBusy(true);
    try {
      if (question) await surveysApi.updateQuestion(api, { id: question.id, ...body }, { quiet: true });
      else await surveysApi.createQuestion(api, { surveyId, ...body }, { quiet: true });
      showToast({ kind: 'success', message: t('editor.questionSaved') });
      onDone(true);
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 rounded bg-slate-50 p-3 dark:bg-slate-900" data-testid="survey-question-form">
      <h3 className="font-semibold">{question ? t('question.editTitle', { n: digits(index + 1) }) : t('question.newTitle')}</h3>
      <ErrorSummary errors={errors} testId="survey-question-errors" />
      <TextField ref={first} id={`${prefix}-text`} data-testid="survey-question-text" label={t('question.text')} value={text} dir="auto" maxLength={2000} required error={errors.text} onChange={(e) => setText(e.target.value)} />
      <fieldset className="flex flex-wrap gap-4" role="radiogroup">
        <legend className="mb-1 text-sm font-medium">{t('question.type')}</legend>
        <label className="flex items-center gap-2"><input type="radio" name={`${prefix}-type`} data-testid="survey-question-type-text" checked={type === 'Text'} onChange={() => setType('Text')} />{t('question.Text')}</label>
        <label className="flex items-center gap-2"><input type="radio" name={`${prefix}-type`} data-testid="survey-question-type-select" checked={type === 'Select'} onChange={() => setType('Select')} />{t('question.Select')}</label>
      </fieldset>
      <CheckboxField id={`${prefix}-required`} data-testid="survey-question-required" label={t('question.isRequired')} checked={isRequired} onCheckedChange={setIsRequired} />
      {type === 'Text' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField id={`${prefix}-min`} label={t('question.minLength')} value={minLength} dir="ltr" inputMode="numeric" error={errors.minLength} onChange={(e) => setMinLength(e.target.value)} />
          <TextField id={`${prefix}-max`} label={t('question.maxLength')} value={maxLength} dir="ltr" inputMode="numeric" error={errors.maxLength} onChange={(e) => setMaxLength(e.target.value)} />
          <div className="sm:col-span-2">
            <TextField id={`${prefix}-pattern`} data-testid="survey-question-pattern" label={t('question.answerPattern')} hint={t('question.answerPatternHint')} value={answerPattern} dir="ltr" maxLength={200}
              error={errors.answerPattern} onChange={(e) => setAnswerPattern(e.target.value)} />
          </div>
        </div>
      ) : (
        <fieldset className="grid gap-2" data-testid="survey-question-answers">
          <legend className="text-sm font-semibold">{t('question.answers')}</legend>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('question.branchHint')}</p>
          {errors.answers && <p role="alert" className="text-sm text-red-700">{errors.answers}</p>}
          {answers.map((a, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2" data-testid="survey-answer">
              <TextField id={`${prefix}-answer-${i}`} data-testid="survey-answer-text" label={t('question.answer', { n: digits(i + 1) })} value={a.text} dir="auto" maxLength={500}
                error={errors[`answers[${i}].text`]} onChange={(e) => setAnswers((list) => list.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))} />
              <Select id={`${prefix}-answer-${i}-next`} data-testid="survey-answer-next" label={t('question.optionNext', { n: digits(i + 1) })} items={targets} value={a.nextQuestionId ?? ''}
                placeholder={t('question.optionNextDefault')} optimalSearch={false} error={errors[`answers[${i}].nextQuestionId`]}
                renderOption={(q) => <UserText>{q.title}</UserText>}
                onChange={(v) => setAnswers((list) => list.map((x, j) => (j === i ? { ...x, nextQuestionId: v === null || v === '' ? null : Number(v) } : x)))} />
              <Button variant="ghost" size="sm" aria-label={t('question.removeAnswer', { n: i + 1 })} disabled={answers.length <= 2}
                onClick={() => setAnswers((list) => list.filter((_, j) => j !== i))}>×</Button>
            </div>
          ))}
          <div><Button variant="secondary" size="sm" onClick={() => setAnswers((list) => [...list, { text: '', nextQuestionId: null }])} disabled={answers.length >= 50} data-testid="survey-add-answer">{t('question.addAnswer')}</Button></div>
        </fieldset>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Select id={`${prefix}-next`} data-testid="survey-question-next" label={t('question.next')} items={targets} value={nextQuestionId ?? ''} placeholder={t('question.nextDefault')}
          optimalSearch={false} error={errors.nextQuestionId} renderOption={(q) => <UserText>{q.title}</UserText>} onChange={(v) => setNextQuestionId(v === null || v === '' ? null : Number(v))} />
        <Select id={`${prefix}-previous`} data-testid="survey-question-previous" label={t('question.previous')} items={targets} value={previousQuestionId ?? ''} placeholder={t('question.previousDefault')}
          optimalSearch={false} error={errors.previousQuestionId} renderOption={(q) => <UserText>{q.title}</UserText>} onChange={(v) => setPreviousQuestionId(v === null || v === '' ? null : Number(v))} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone(false)}>{t('common.cancel')}</Button>
        <Button type="submit" loading={busy} data-testid="survey-question-save">{t('common.save')}</Button>
      </div>
    </form>
  );
}
