import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { assistantApi, DOCUMENTATION_PATH, helpLanguageOf, type AskAnswer } from './assistant-api';
import { HelpMarkdown } from './help-markdown';
import { LOADING_MESSAGE_COUNT } from './assistant.i18n';

/** How long each of the spec's rotating loading messages stays. */
const ROTATE_MS = 1_500;

type Entry = { id: number; from: 'user'; text: string } | { id: number; from: 'bot'; answer: AskAnswer } | { id: number; from: 'error'; text: string };

/** The chat: a message list, the spec's rotating loading messages while waiting, answers with their source link. */
export function ChatPanel({ onClose }: { onClose(): void }) {
  const { api, store } = useApp();
  const { t } = useTranslation('assistant');
  const language = helpLanguageOf(useAppState(store, (s) => s.language));
  const [entries, setEntries] = useState<Entry[]>([]);
  const [question, setQuestion] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [tick, setTick] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const nextId = useRef(1);

  useEffect(() => { input.current?.focus(); }, []);
  useEffect(() => {
    if (!waiting) return undefined;
    setTick(0);
    const timer = window.setInterval(() => setTick((n) => n + 1), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
  useEffect(() => { list.current?.lastElementChild?.scrollIntoView({ block: 'end' }); }, [entries, waiting]);

  const loading = (t('widget.loading', { returnObjects: true }) as string[])[tick % LOADING_MESSAGE_COUNT];

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const text = question.trim();
    if (!text || waiting) return;
    setEntries((all) => [...all, { id: nextId.current++, from: 'user', text }]);
    setQuestion('');
    setWaiting(true);
    try {
      const answer = await assistantApi.ask(api, { question: text, language }, { quiet: true });
      setEntries((all) => [...all, { id: nextId.current++, from: 'bot', answer }]);
    } catch (err) {
      setEntries((all) => [...all, { id: nextId.current++, from: 'error', text: t('widget.failed', { message: err instanceof Error ? err.message : String(err) }) }]);
    } finally {
      setWaiting(false);
      input.current?.focus();
    }
  };

  return (
    <section id="assistant-chat" role="dialog" aria-labelledby="assistant-chat-title" data-testid="assistant-chat"
      className="flex max-h-[70vh] w-[min(24rem,calc(100vw-2rem))] flex-col rounded-lg border border-slate-300 bg-white shadow-xl dark:border-slate-600 dark:bg-slate-800"
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onClose(); } }}>
      <header className="flex items-center justify-between border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <h2 id="assistant-chat-title" className="text-sm font-semibold">{t('widget.title')}</h2>
        <div className="flex items-center gap-2 text-sm">
          <Link to={DOCUMENTATION_PATH} className="text-sky-700 underline dark:text-sky-300" data-testid="assistant-docs-link">{t('widget.documentation')}</Link>
          <button type="button" className="rounded px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-700" aria-label={t('widget.close')} onClick={onClose}>×</button>
        </div>
      </header>
      <ol ref={list} className="flex-1 space-y-3 overflow-y-auto p-3 text-sm" aria-live="polite" data-testid="assistant-messages">
        <li className="rounded bg-slate-100 p-2 dark:bg-slate-700">{t('widget.intro')}</li>
        {entries.map((entry) => {
          if (entry.from === 'user') {
            return <li key={entry.id} className="ms-8 rounded bg-sky-50 p-2 dark:bg-sky-900" dir="auto" data-testid="assistant-question"><span className="sr-only">{t('widget.you')}: </span>{entry.text}</li>;
          }
          if (entry.from === 'error') return <li key={entry.id} role="alert" className="rounded bg-red-50 p-2 text-red-800 dark:bg-red-900 dark:text-red-100">{entry.text}</li>;
          const { answer } = entry;
          return (
            <li key={entry.id} className="me-8 rounded bg-slate-100 p-2 dark:bg-slate-700" data-testid="assistant-answer" data-known={answer.known} data-match={answer.matchKind}>
              <span className="sr-only">{t('widget.bot')}: </span>
              <HelpMarkdown text={answer.answer} />
              {answer.source && (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="assistant-source">
                  {t('widget.source', { title: answer.source.title })}
                  {answer.source.link && <> · <Link to={answer.source.link} className="text-sky-700 underline dark:text-sky-300">{t('widget.openSource')}</Link></>}
                </p>
              )}
              {!answer.known && (
                <p className="mt-1 text-xs">
                  <Link to={answer.documentationLink} className="text-sky-700 underline dark:text-sky-300">{t('widget.documentation')}</Link>
                  {answer.supportText && <> · {answer.supportText}</>}
                </p>
              )}
              {answer.semantic === 'Failed' && answer.known && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('widget.semanticFailed')}</p>}
            </li>
          );
        })}
        {waiting && <li className="me-8 animate-pulse rounded bg-slate-100 p-2 italic dark:bg-slate-700" role="status" data-testid="assistant-loading">{loading}</li>}
      </ol>
      <form className="flex items-end gap-2 border-t border-slate-200 p-2 dark:border-slate-700" onSubmit={(e) => void submit(e)}>
        <label htmlFor="assistant-question" className="sr-only">{t('widget.inputLabel')}</label>
        <textarea id="assistant-question" ref={input} rows={2} dir="auto" maxLength={500} value={question} data-testid="assistant-input"
          placeholder={t('widget.placeholder')} onChange={(e) => setQuestion(e.target.value)}
          // Enter asks, Shift+Enter breaks the line.
          onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); void submit(); } }}
          className="min-w-0 flex-1 resize-none rounded border border-gray-500 bg-white px-2 py-1 text-sm dark:border-gray-400 dark:bg-gray-900" />
        <button type="submit" disabled={waiting || !question.trim()} data-testid="assistant-send"
          className="rounded bg-sky-700 px-3 py-2 text-sm text-white disabled:opacity-50">{t('widget.send')}</button>
      </form>
    </section>
  );
}
