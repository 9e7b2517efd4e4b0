import { forwardRef, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { isolateText } from '../../shared/ui/bidi';
import { Button } from '../../shared/ui/button';
import { DateDisplay } from '../../shared/dates/date-display';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { Amount } from '../financial/money';
import { problemFix, type Calculation, type SendProblem } from './sending-api';

/** Codes the dialog words itself (naming the organization, isolated); any other shows the server's sentence. */
const WORDED = new Set(['GroupPriceIsNull', 'NotDefineSmsRateType', 'OrganizationCreditNotEnough', 'AdminCreditNotEnough', 'UserCreditNotEnough']);

/** One reason the send would be refused: who lacks what, by how much, and the way to fix it (or who can). */
function ProblemItem({ problem, index }: { problem: SendProblem; index: number }) {
  const { t } = useTranslation('sending');
  const digits = useDigits();
  const { data: user } = useCurrentUser();
  const fix = problemFix(problem);
  const name = isolateText(problem.organizationName);
  const { setActiveOrganization } = useApp();
  const { mutate } = useSWRConfig();
  // The organization to fix sits above the one being worked in (the switcher may point below it):
  // the fix screen opens back in the user's own organization, whose slice holds it.
  const backHome = () => {
    setActiveOrganization(null);
    void mutate(() => true);
  };
  return (
    <li className="py-2" data-testid="calc-problem" data-code={problem.failureCode} data-organization-id={problem.organizationId ?? ''}>
      <p className="font-medium" data-testid="calc-problem-text">
        {WORDED.has(problem.failureCode) ? t(`calc.problem.${problem.failureCode}`, { name }) : digits(problem.message)}
      </p>
      {problem.shortBy !== undefined && (
        <p className="text-sm" data-testid={`calc-problem-short-${index}`}>
          {t('calc.problem.short')} <Amount value={problem.shortBy} testId={`calc-problem-shortby-${index}`} />
          <span className="ms-2 text-slate-600 dark:text-slate-300">
            {t('calc.problem.needed')} <Amount value={problem.required} /> — {t('calc.problem.available')} <Amount value={problem.available} />
          </span>
        </p>
      )}
      {fix && problem.fixable && hasClaim(user, fix.claim) ? (
        <Link className="text-sm text-sky-700 underline dark:text-sky-300" to={fix.path} onClick={backHome} data-testid="calc-problem-fix">
          {t(`calc.problem.fix.${fix.kind}`, { name })}
        </Link>
      ) : fix ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="calc-problem-ask">{t(fix.kind === 'allowance' ? 'calc.problem.askAdmin' : 'calc.problem.askAbove', { name })}</p>
      ) : null}
    </li>
  );
}

/**
 * What stands between this preview and a send that goes through; the confirm waits for an empty list.
 * The dialog opens with focus here (read first, and a keyboard can scroll a long preview from it).
 */
const ProblemList = forwardRef<HTMLElement, { problems: SendProblem[] }>(function ProblemList({ problems }, ref) {
  const { t } = useTranslation('sending');
  return (
    <section ref={ref} tabIndex={0} aria-labelledby="calc-problems-title" data-testid="calc-problems"
      className="mb-3 rounded border border-red-700 bg-red-50 p-3 text-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:bg-red-950 dark:text-red-100">
      <h3 id="calc-problems-title" className="font-semibold">{t('calc.problem.title')}</h3>
      <ul className="divide-y divide-red-200 dark:divide-red-800">
        {problems.map((p, i) => <ProblemItem key={`${p.failureCode}:${p.organizationId ?? ''}:${p.userId ?? ''}`} problem={p} index={i} />)}
      </ul>
    </section>
  );
});

/** One line of a send's calculation (also the voice send's preview). */
export function PreviewRow({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-700">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium" data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * The server's calculation of a send before it is made; Confirm creates it. `sendAt` is when it
 * goes: a scheduled send's time (UTC ISO, shown Jalali in Persian), null for now, left out when a
 * periodic pattern decides.
 */
export function PreviewDialog({ calc, busy, sendAt, notice, onConfirm, onClose }: { calc: Calculation; busy: boolean; sendAt?: string | null; notice?: string | null; onConfirm(): void; onClose(): void }) {
  const { t } = useTranslation('sending');
  const digits = useDigits();
  const n = (v: number | string | undefined) => digits(v ?? 0);
  const problems = calc.problems ?? [];
  const problemsRef = useRef<HTMLElement>(null);
  // Without the sending organization's own tariff there is no price to show (its problem says why).
  const money = (value: string) => (calc.priced === false ? null : value);
  return (
    <ModalDialog open onClose={onClose} title={t('calc.title')} size="md" data-testid="send-preview" initialFocusRef={problems.length > 0 ? problemsRef : undefined}
      footer={(
        <div className="flex flex-wrap items-center justify-end gap-2">
          {problems.length > 0 && <p id="send-preview-blocked" className="me-auto text-sm text-red-700 dark:text-red-300" data-testid="send-preview-blocked">{t('calc.problem.blocked')}</p>}
          <Button variant="secondary" onClick={onClose}>{t('calc.cancel')}</Button>
          <Button loading={busy} disabled={calc.recipientCount === 0 || problems.length > 0} onClick={onConfirm} data-testid="send-preview-confirm"
            aria-describedby={problems.length > 0 ? 'send-preview-blocked' : undefined}>{t(sendAt ? 'calc.confirmScheduled' : 'calc.confirm')}</Button>
        </div>
      )}>
      {problems.length > 0 && <ProblemList ref={problemsRef} problems={problems} />}
      {/* A caveat of this kind of send the sender accepted (a P2P file's kept duplicates), in the server's words. */}
      {notice && <p className="mb-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm dark:bg-amber-950" data-testid="calc-notice">{notice}</p>}
      <dl className="text-sm">
        {sendAt !== undefined && (
          <PreviewRow label={t('calc.sendTime')} testId="calc-sendTime">
            {sendAt ? <DateDisplay value={sendAt} data-testid="calc-sendTime-at" /> : t('calc.sendNow')}
          </PreviewRow>
        )}
        <PreviewRow label={t('calc.senderNumber')} testId="calc-senderNumber"><span dir="ltr">{digits(calc.senderNumber)}</span></PreviewRow>
        <PreviewRow label={t('calc.recipients')} testId="calc-recipientCount">{n(calc.recipientCount)}</PreviewRow>
        <PreviewRow label={t('calc.mci')} testId="calc-mci">{n(calc.mciCount)}</PreviewRow>
        <PreviewRow label={t('calc.mtn')} testId="calc-mtn">{n(calc.mtnCount)}</PreviewRow>
        <PreviewRow label={t('calc.rightel')} testId="calc-rightel">{n(calc.rightelCount)}</PreviewRow>
        <PreviewRow label={t('calc.other')} testId="calc-other">{n(calc.otherCount)}</PreviewRow>
        <PreviewRow label={t('calc.international')} testId="calc-international">{n(calc.internationalCount)}</PreviewRow>
        <PreviewRow label={t('calc.blackList')} testId="calc-blackList">{n(calc.blackListCount)}</PreviewRow>
        <PreviewRow label={t('calc.wrong')} testId="calc-wrong">{n(calc.wrongNumberCount)}</PreviewRow>
        <PreviewRow label={t('calc.duplicate')} testId="calc-duplicate">{n(calc.duplicateCount)}</PreviewRow>
        <PreviewRow label={t('calc.parts')} testId="calc-parts">{n(calc.smsParts)}</PreviewRow>
        <PreviewRow label={t('calc.encoding')} testId="calc-encoding">{t(`encodings.${calc.smsEncoding}`, { defaultValue: calc.smsEncoding })}</PreviewRow>
        <PreviewRow label={t('calc.length')} testId="calc-length">{n(calc.smsLength)}</PreviewRow>
        <PreviewRow label={t('calc.price')} testId="calc-price-row"><Amount value={money(calc.sendPrice)} testId="calc-price" /></PreviewRow>
        <PreviewRow label={t('calc.levy')} testId="calc-levy-row"><Amount value={money(calc.resolutionOfParliamentPrice)} testId="calc-levy" /></PreviewRow>
        <PreviewRow label={t('calc.vat', { percent: digits(String(calc.taxPercent)) })} testId="calc-vat-row"><Amount value={money(calc.taxPrice)} testId="calc-vat" /></PreviewRow>
        <PreviewRow label={t('calc.total')} testId="calc-total-row"><Amount value={money(calc.totalPrice)} testId="calc-total" /></PreviewRow>
      </dl>
      {calc.dynamicSample && (
        <div className="mt-3 text-sm" data-testid="calc-dynamic-sample">
          <p><span className="font-semibold">{t('calc.dynamicSample')}:</span> <span dir="ltr" data-testid="calc-dynamic-number">{digits(calc.dynamicSample.toNumber)}</span></p>
          <p className="font-semibold">{t('calc.dynamicSampleText', { parts: digits(calc.dynamicSample.smsParts) })}</p>
          <p className="whitespace-pre-wrap break-all rounded bg-slate-100 p-2 dark:bg-slate-700" data-testid="calc-dynamic-text"><UserText>{calc.dynamicSample.smsText}</UserText></p>
        </div>
      )}
      {calc.invalidSamples?.length > 0 && (
        <div className="mt-3 text-sm" data-testid="calc-invalid-samples">
          <p className="font-semibold">{t('calc.invalidSamples')}</p>
          <p dir="ltr" className="text-start text-red-700">{calc.invalidSamples.join('، ')}</p>
        </div>
      )}
    </ModalDialog>
  );
}
