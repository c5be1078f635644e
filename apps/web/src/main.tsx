import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
// Base styles first, so the components' own CSS (imported through App) refines them.
import 'react-toastify/dist/ReactToastify.css';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/app';
import { prefetchScreens } from './app/routes';

// zod 4 probes for eval() to compile fast validators; our Content-Security-Policy forbids eval, so the
// probe would only log a CSP violation. Interpreted validators are plenty fast for a form or a reply.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The other screens' code, fetched once this one is up and the browser has nothing better to do
// (app/routes prefetchScreens); Safari has no requestIdleCallback, so a second's wait stands in.
window.addEventListener(
  'load',
  () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(prefetchScreens, { timeout: 5_000 });
    else window.setTimeout(prefetchScreens, 1_000);
  },
  { once: true },
);
