import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/global.css.ts';
import { App, preloadScreenCode } from './App.tsx';
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
// A stored token: the frame's and the screen's code start loading beside the token check, not
// after the first render. In the next task: the act client hands the check to `fetch` a few
// promise steps after the call, and it must not queue behind the scripts for HTTP/1.1's six
// connections.
if (runtime.tokens.get() !== null) setTimeout(() => preloadScreenCode(window.location.pathname), 0);
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
