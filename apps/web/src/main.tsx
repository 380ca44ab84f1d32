import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/register-service-worker';
import './styles/index.css';

initI18n();
captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
