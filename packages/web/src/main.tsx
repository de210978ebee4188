import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/global.css.ts';
import { App, preloadFirstScreenCode } from './App.tsx';
import { createRuntime } from './runtime.ts';
import { RuntimeProvider } from './RuntimeProvider.tsx';
import { PreferencesProvider } from './preferences/PreferencesProvider.tsx';
import { ToastProvider } from './toast/ToastRegion.tsx';
import { AuthFlowsProvider } from './auth/AuthFlowsProvider.tsx';
import { fetchPublicConfig, initSocialSdk } from './social/socialSdk.ts';
import { reloadOnStaleChunk } from './reloadOnStaleChunk.ts';
import { startEarlyActs } from './session/startEarlyActs.ts';

reloadOnStaleChunk();
const runtime = createRuntime();
runtime.session.start();
if (runtime.tokens.get() !== null) {
  // A stored token: the acts the screen's first rows need go out beside its check (the session
  // machine still decides what shows), and the frame's and the screen's code start loading.
  startEarlyActs(runtime.client, window.location.pathname);
  preloadFirstScreenCode(window.location.pathname);
}
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
