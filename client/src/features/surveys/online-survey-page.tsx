import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { ApiError } from '../../shared/api/api-client';
import { ContentMain } from '../../shared/ui/content-main';
import { Spinner } from '../../shared/ui/spinner';
import { surveyImageUrl, surveysApi, THEME_COLOURS, type PublicSurveyAnswer, type SurveyStepAnswer } from './surveys-api';

type Phase = { kind: 'loading' } | { kind: 'notFound' } | { kind: 'intro' } | { kind: 'step'; step: SurveyStepAnswer };

/** The respondent's handle, kept per survey and personal code so a reload continues where it stopped. */
const tokenKey = (publicId: string, sl: string | null) => `online-survey:${publicId}:${sl ?? ''}`;
const REDIRECT_MS = 3_000;

/**
 * The public survey page (`online-survey/:id`, no sign-in), mobile first: the survey's colour, logo
 * and background, its intro, one question at a time along the branches the server walks, then the
 * outro and the redirect. A personal link brings `?sl=<code>` (short links), sent with the start.
 */
export function OnlineSurveyPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const sl = params.get('sl');
  const { api, apiRoot, store, setLanguage } = useApp();
  const language = useAppState(store, (s) => s.language);
  const { t } = useTranslation('surveys');
  const [survey, setSurvey] = useState<PublicSurveyAnswer | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [value, setValue] = useState('');
  const [optionId, setOptionId] = useState<number | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    surveysApi.publicSurvey(api, id).then((s) => {
      if (!live) return;
      setSurvey(s);
      setPhase({ kind: 'intro' });
    }, () => { if (live) setPhase({ kind: 'notFound' }); });
    return () => { live = false; };
  }, [api, id]);

  const show = (step: SurveyStepAnswer) => {
    localStorage.setItem(tokenKey(id, sl), step.token);
    setValue(step.question?.value ?? '');
    setOptionId(step.question?.optionId ?? null);
    setError(null);
    setPhase({ kind: 'step', step });
  };
  const call = async (work: () => Promise<SurveyStepAnswer>) => {
    setBusy(true);
    try {
      show(await work());
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setPhase({ kind: 'notFound' });
      else if (err instanceof ApiError && err.validationErrors.length) setError({ field: err.validationErrors[0].propertyName, message: err.validationErrors[0].message });
      else setError({ field: '', message: err instanceof ApiError && err.message ? err.message : t('take.failed') });
    } finally { setBusy(false); }
  };

  const start = (e: FormEvent) => {
    e.preventDefault();
    void call(() => surveysApi.start(api, { publicId: id, password: password || null, sl, token: localStorage.getItem(tokenKey(id, sl)) }, { quiet: true }));
  };
  const answer = (e: FormEvent) => {
    e.preventDefault();
    if (phase.kind !== 'step' || !phase.step.question) return;
    const q = phase.step.question;
    const token = phase.step.token;
    void call(() => surveysApi.answer(api, q.type === 'Select' ? { token, questionId: q.id, optionId } : { token, questionId: q.id, value }, { quiet: true }));
  };
  const back = () => {
    if (phase.kind !== 'step') return;
    const token = phase.step.token;
    void call(() => surveysApi.back(api, { token }, { quiet: true }));
  };

  const redirectUrl = phase.kind === 'step' && phase.step.finished ? phase.step.redirectUrl : null;
  useEffect(() => {
    if (!redirectUrl) return;
    const timer = setTimeout(() => window.location.assign(redirectUrl), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirectUrl]);

  const accent = THEME_COLOURS[survey?.themeColor ?? 'default'] ?? THEME_COLOURS.default;
  const background = surveyImageUrl(apiRoot, survey?.backgroundImage ?? null);
  const logo = surveyImageUrl(apiRoot, survey?.logo ?? null);
  const button = 'w-full rounded px-4 py-3 text-base font-semibold text-white disabled:opacity-60 sm:w-auto';
  const errorOn = (field: string) => (error && (error.field === field || error.field === '') ? error.message : null);

  return (
    <ContentMain className="min-h-screen bg-slate-100 bg-cover bg-center text-slate-900 dark:bg-slate-950 dark:text-slate-100" style={background ? { backgroundImage: `url("${background}")` } : undefined}
      data-testid="online-survey-page" data-theme-color={survey?.themeColor ?? 'default'}>
      <div className="mx-auto flex min-h-screen w-full max-w-xl flex-col p-3 sm:p-6">
        <div className="mb-2 flex justify-end">
          <button type="button" className="rounded bg-white/80 px-3 py-1 text-sm underline dark:bg-slate-900/80" lang={language === 'fa' ? 'en' : 'fa'}
            onClick={() => setLanguage(language === 'fa' ? 'en-US' : 'fa')} data-testid="online-survey-language">{t('take.language')}</button>
        </div>
        <article className="rounded-lg bg-white p-4 shadow dark:bg-slate-900 sm:p-6" style={{ borderTop: `6px solid ${accent}` }}>
          {phase.kind === 'loading' && <div aria-live="polite"><Spinner /><span className="sr-only">{t('take.loading')}</span></div>}
          {phase.kind === 'notFound' && (
            <div data-testid="online-survey-not-found" role="alert">
              <h1 className="mb-2 text-xl font-semibold">{t('take.notFound')}</h1>
              <p className="text-slate-700 dark:text-slate-300">{t('take.notFoundHint')}</p>
            </div>
          )}
          {survey && phase.kind !== 'notFound' && phase.kind !== 'loading' && (
            <header className="mb-4 flex items-center gap-3">
              {logo && <img src={logo} alt="" className="h-12 w-auto max-w-[6rem] object-contain" data-testid="online-survey-logo" />}
              <h1 className="text-xl font-bold" dir="auto" data-testid="online-survey-title">{survey.title}</h1>
            </header>
          )}
          {survey && phase.kind === 'intro' && (
            <form noValidate onSubmit={start} className="grid gap-4" data-testid="online-survey-intro">
              {survey.introPage && <p className="whitespace-pre-line" dir="auto">{survey.introPage}</p>}
              {survey.hasPassword && (
                <div>
                  <label htmlFor="online-survey-password" className="mb-1 block font-medium">{t('take.password')}</label>
                  <input id="online-survey-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="online-survey-password"
                    aria-invalid={errorOn('password') ? true : undefined} aria-describedby={errorOn('password') ? 'online-survey-password-error' : undefined}
                    className="w-full rounded border border-slate-500 px-3 py-3 text-base dark:bg-slate-800" />
                  {errorOn('password') && <p id="online-survey-password-error" role="alert" className="mt-1 text-sm text-red-700">{errorOn('password')}</p>}
                </div>
              )}
              {!survey.hasPassword && errorOn('') && <p role="alert" className="text-sm text-red-700">{errorOn('')}</p>}
              <button type="submit" className={button} style={{ backgroundColor: accent }} disabled={busy} data-testid="online-survey-start">{t('take.start')}</button>
            </form>
          )}
          {phase.kind === 'step' && phase.step.question && (() => {
            const q = phase.step.question;
            const fieldError = errorOn(q.type === 'Select' ? 'optionId' : 'value') ?? errorOn('questionId');
            const hint = q.minLength !== null && q.maxLength !== null ? t('take.lengthHint', { min: q.minLength, max: q.maxLength })
              : q.minLength !== null ? t('take.minHint', { min: q.minLength }) : q.maxLength !== null ? t('take.maxHint', { max: q.maxLength }) : null;
            const described = [hint ? 'online-survey-hint' : null, fieldError ? 'online-survey-error' : null].filter(Boolean).join(' ') || undefined;
            return (
              <form key={q.id} noValidate onSubmit={answer} className="grid gap-4" data-testid="online-survey-question" data-question-id={q.id}>
                {q.type === 'Select' ? (
                  <fieldset aria-describedby={described} aria-invalid={fieldError ? true : undefined}>
                    <legend className="mb-3 text-lg font-semibold" dir="auto">{q.text}{q.isRequired && <span className="text-red-700"> *<span className="sr-only">{t('take.required')}</span></span>}</legend>
                    <div className="grid gap-2">
                      {q.answers.map((a) => (
                        <label key={a.id} className="flex min-h-12 cursor-pointer items-center gap-3 rounded border border-slate-300 px-3 py-2 dark:border-slate-600" data-testid="online-survey-option">
                          <input type="radio" name={`q-${q.id}`} className="h-5 w-5" checked={optionId === a.id} onChange={() => setOptionId(a.id)} />
                          <span dir="auto">{a.text}</span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                ) : (
                  <div>
                    <label htmlFor="online-survey-answer" className="mb-3 block text-lg font-semibold" dir="auto">{q.text}{q.isRequired && <span className="text-red-700"> *<span className="sr-only">{t('take.required')}</span></span>}</label>
                    <textarea id="online-survey-answer" rows={3} dir="auto" value={value} onChange={(e) => setValue(e.target.value)} data-testid="online-survey-answer"
                      maxLength={q.maxLength ?? 4000} aria-invalid={fieldError ? true : undefined} aria-describedby={described}
                      className="w-full rounded border border-slate-500 px-3 py-3 text-base dark:bg-slate-800" />
                  </div>
                )}
                {hint && <p id="online-survey-hint" className="text-sm text-slate-600 dark:text-slate-300">{hint}</p>}
                {fieldError && <p id="online-survey-error" role="alert" className="text-sm text-red-700" data-testid="online-survey-error">{fieldError}</p>}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                  {q.canGoBack ? <button type="button" className="w-full rounded border border-slate-400 px-4 py-3 sm:w-auto" disabled={busy} onClick={back} data-testid="online-survey-back">{t('take.previous')}</button> : <span />}
                  <button type="submit" className={button} style={{ backgroundColor: accent }} disabled={busy} data-testid="online-survey-next">{t('take.next')}</button>
                </div>
              </form>
            );
          })()}
          {phase.kind === 'step' && phase.step.finished && (
            <div data-testid="online-survey-finished" aria-live="polite">
              <p className="whitespace-pre-line text-lg" dir="auto">{phase.step.outroPage || t('take.thanks')}</p>
              {phase.step.redirectUrl && (
                <p className="mt-4 text-sm"><a className="underline" href={phase.step.redirectUrl} dir="ltr" data-testid="online-survey-redirect">{t('take.redirecting', { url: phase.step.redirectUrl })}</a></p>
              )}
            </div>
          )}
        </article>
      </div>
    </ContentMain>
  );
}
