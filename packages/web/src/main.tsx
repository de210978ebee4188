import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/global.css.ts';
import { App } from './App.tsx';
import { createRuntime } from './runtime.ts';
import { RuntimeProvider } from './RuntimeProvider.tsx';
import { PreferencesProvider } from './preferences/PreferencesProvider.tsx';
import { ToastProvider } from './toast/ToastRegion.tsx';
import { AuthFlowsProvider } from './auth/AuthFlowsProvider.tsx';
import { fetchPublicConfig, initSocialSdk } from './social/socialSdk.ts';
import { reloadOnStaleChunk } from './reloadOnStaleChunk.ts';

reloadOnStaleChunk();
const runtime = createRuntime();
runtime.session.start();
void fetchPublicConfig().then((config) => initSocialSdk(config.socialAppId));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <RuntimeProvider runtime={runtime}>
      <PreferencesProvider store={runtime.preferences}>
        <ToastProvider store={runtime.toasts}>
          <AuthFlowsProvider flows={runtime.authFlows}>
            <App />
          </AuthFlowsProvider>
        </ToastProvider>
      </PreferencesProvider>
    </RuntimeProvider>
  </StrictMode>,
);
