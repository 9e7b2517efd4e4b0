import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The chat itself loads on first open: the launcher is part of every panel page, the chat is not.
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/** The chat assistant's button at the bottom of every page of the main layout; opens and closes the chat. */
export function AssistantLauncher() {
  const { t } = useTranslation('assistant');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Focus goes back to the button that opened it (keyboard users keep their place).
    window.requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <div className="fixed bottom-4 end-4 z-40 flex flex-col items-end gap-2" data-testid="assistant-widget">
      {open && (
        <Suspense fallback={null}>
          <ChatPanel onClose={close} />
        </Suspense>
      )}
      <button ref={button} type="button" data-testid="assistant-toggle" aria-expanded={open} aria-controls="assistant-chat"
        aria-label={open ? t('widget.close') : t('widget.openLabel')}
        className="rounded-full bg-sky-700 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-sky-800 focus:outline-none focus:ring-2 focus:ring-sky-400"
        onClick={() => (open ? close() : setOpen(true))}>
        {open ? '×' : t('widget.open')}
      </button>
    </div>
  );
}
