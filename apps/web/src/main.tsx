import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base styles first, so the components' own CSS (imported through App) refines them.
import 'react-toastify/dist/ReactToastify.css';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
