import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/app.css';
import { startApp, StartupFailure } from './app/startup';
import { AppRoot } from './app/app-root';
import { IntroSplash, introShownAt } from './app/pages/intro-splash';
import { StartupError } from './app/pages/startup-error';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');
const root = createRoot(container);

// The splash shows (and the page does not scroll) until the startup sequence is done; not on the
// documentation viewer, whose intro is hidden on entry (spec), so it opens on a blank page instead.
if (introShownAt(window.location.pathname)) {
  document.body.classList.add('overflow-hidden');
  root.render(<IntroSplash />);
}

startApp().then(
  (services) => {
    document.body.classList.remove('overflow-hidden');
    root.render(<StrictMode><AppRoot services={services} /></StrictMode>);
  },
  (error: unknown) => {
    console.error('startup failed', error);
    document.body.classList.remove('overflow-hidden');
    root.render(<StartupError updating={error instanceof StartupFailure && error.updating} />);
  },
);
