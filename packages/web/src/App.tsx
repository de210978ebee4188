import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Redirect, Route, Switch, matchRoute, useLocation, useRouter } from 'wouter';
import { useSelector } from '@xstate/react';
import { FullScreenSpinner } from './components/Spinner.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ScreenPage } from './pages/ScreenPage.tsx';
import { ProjectScope } from './project/ProjectScope.tsx';
import { authRoutes, personalRoutes, projectRoutes, routeParams, screenRoutes } from './routes.ts';
import { useRuntime } from './RuntimeProvider.tsx';
import { OfflineNotice } from './pages/OfflineNotice.tsx';
import { selectSessionStatus } from '@sapa/machines/auth';
import { DelayedSpinner } from './components/DelayedSpinner.tsx';
import { lazyComponent, type LazyComponent } from './lazyComponent.ts';
import { LoginPage } from './auth/LoginPage.tsx';
import { RegisterPage } from './auth/RegisterPage.tsx';
import { VerifyOtpPage } from './auth/VerifyOtpPage.tsx';
import { ForgotPhonePage, ForgotOtpPage, ForgotChangePage } from './auth/ForgotPasswordPages.tsx';

// Every signed-in screen is its own chunk, loaded when its route first renders; the signed-out
// screens (sign-in, register, the one-time code, forgotten password) are part of the entry, what
// a signed-out visitor needs first (README, "Code splitting").

/** The frame of every signed-in screen but the full-window ones (header, sidebar, route guard). */
const MainLayout = lazyComponent(() => import('./layout/MainLayout.tsx'), 'MainLayout');
const HomePage = lazyComponent(() => import('./pages/HomePage.tsx'), 'HomePage');
const ProjectListPage = lazyComponent(() => import('./projects/ProjectListPage.tsx'), 'ProjectListPage');
const ChatPage = lazyComponent(() => import('./chat/ChatPage.tsx'), 'ChatPage');
const ChatWindowPage = lazyComponent(() => import('./chat/ChatWindowPage.tsx'), 'ChatWindowPage');
const AccountsPage = lazyComponent(() => import('./accounts/AccountsPage.tsx'), 'AccountsPage');
const GalleryPage = lazyComponent(() => import('./gallery/GalleryPage.tsx'), 'GalleryPage');
const LabelsPage = lazyComponent(() => import('./labels/LabelsPage.tsx'), 'LabelsPage');
const QuickReplyPage = lazyComponent(() => import('./quickReplies/QuickReplyPage.tsx'), 'QuickReplyPage');
const StagesPage = lazyComponent(() => import('./stages/StagesPage.tsx'), 'StagesPage');
const CustomersPage = lazyComponent(() => import('./customers/CustomersPage.tsx'), 'CustomersPage');
const DivisionsPage = lazyComponent(() => import('./divisions/DivisionsPage.tsx'), 'DivisionsPage');
const ProfilePage = lazyComponent(() => import('./profile/ProfilePage.tsx'), 'ProfilePage');
const NotificationsPage = lazyComponent(
  () => import('./notifications/NotificationsPage.tsx'),
  'NotificationsPage',
);
const MembersPage = lazyComponent(() => import('./members/MembersPage.tsx'), 'MembersPage');
const ProjectBillingPage = lazyComponent(
  () => import('./billing/ProjectBillingPage.tsx'),
  'ProjectBillingPage',
);
const SaldoPage = lazyComponent(() => import('./saldo/SaldoPage.tsx'), 'SaldoPage');
const BroadcastsPage = lazyComponent(() => import('./broadcasts/BroadcastsPage.tsx'), 'BroadcastsPage');
const BroadcastPage = lazyComponent(() => import('./broadcasts/BroadcastPage.tsx'), 'BroadcastPage');
const AutomationPage = lazyComponent(() => import('./automation/AutomationPage.tsx'), 'AutomationPage');
const BroadcastComposePage = lazyComponent(
  () => import('./broadcastCompose/BroadcastComposePage.tsx'),
  'BroadcastComposePage',
);
const ProjectSettingsPage = lazyComponent(
  () => import('./settings/ProjectSettingsPage.tsx'),
  'ProjectSettingsPage',
);
const InvitePage = lazyComponent(() => import('./invite/InvitePage.tsx'), 'InvitePage');

/**
 * The screen each route shows, to start loading the one asked for while the stored token is
 * checked (and the frame loads): opening a link to the inbox then waits for one round of
 * downloads, not three in a row.
 */
const screenOf: readonly (readonly [string, Pick<LazyComponent<never>, 'preload'>])[] = [
  ['/', HomePage],
  [projectRoutes.list, ProjectListPage],
  [personalRoutes.profile, ProfilePage],
  [personalRoutes.notifications, NotificationsPage],
  [personalRoutes.saldo, SaldoPage],
  [projectRoutes.chat, ChatPage],
  [projectRoutes.chatWindow, ChatWindowPage],
  [projectRoutes.accounts, AccountsPage],
  [projectRoutes.gallery, GalleryPage],
  [projectRoutes.labels, LabelsPage],
  [projectRoutes.quickReply, QuickReplyPage],
  [projectRoutes.stages, StagesPage],
  [projectRoutes.divisions, DivisionsPage],
  [projectRoutes.members, MembersPage],
  [projectRoutes.billing, ProjectBillingPage],
  [projectRoutes.settings, ProjectSettingsPage],
  [projectRoutes.customers, CustomersPage],
  [projectRoutes.broadcasts, BroadcastsPage],
  [projectRoutes.broadcastNew, BroadcastComposePage],
  [projectRoutes.broadcastEdit, BroadcastComposePage],
  [projectRoutes.broadcast, BroadcastPage],
  [projectRoutes.autoReply, AutomationPage],
  [projectRoutes.autoDivision, AutomationPage],
  [projectRoutes.autoStage, AutomationPage],
  [projectRoutes.followUp, AutomationPage],
];

/**
 * Starts loading the frame's code and that of the screen at `path`; settles once both are there
 * (or failed). The effect in `App` asks again on each navigation, which costs nothing once they
 * are loading.
 */
export function preloadScreenCode(path: string): Promise<unknown> {
  return Promise.allSettled([
    MainLayout.preload(),
    screenOf.find(([pattern]) => routeParams(pattern, path) !== null)?.[1].preload(),
  ]);
}

/** The first screen's code, when main.tsx started loading it before the first render. */
let firstScreenCode: Promise<unknown> | null = null;

/**
 * Starts loading the frame's code and that of the screen at `path` (main.tsx, when a token is
 * stored), so that it loads during the token check; the signed-in app first renders once it is
 * there (`useFirstScreenCode`). The acts that go out beside the check do not queue behind these
 * scripts: they are uncredentialed requests, on connections of their own (`createActClient`).
 */
export function preloadFirstScreenCode(path: string): void {
  firstScreenCode = preloadScreenCode(path);
}

/**
 * Whether the code `preloadFirstScreenCode` started loading is there (true when nothing was
 * started). Until then a signed-in user keeps the start-up spinner rather than the frame's
 * Suspense fallback: a screen that suspends on its first render shows that fallback and React then
 * holds the screen back for up to 300 ms after it (its throttling of reveals).
 */
function useFirstScreenCode(): boolean {
  const [ready, setReady] = useState(firstScreenCode === null);
  useEffect(() => {
    if (ready || firstScreenCode === null) return;
    let live = true;
    void firstScreenCode.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/** Renders children only for a signed-in user; the session machine redirects everyone else. */
function SignedIn({ children }: { children: ReactNode }) {
  const { session } = useRuntime();
  const signedIn = useSelector(session, (snapshot) => snapshot.matches('signedIn'));
  return signedIn ? children : <FullScreenSpinner />;
}

/** A screen inside the frame: the frame stays while the screen's code loads. */
function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<DelayedSpinner />}>{children}</Suspense>;
}

export function App() {
  const { session } = useRuntime();
  const status = useSelector(session, selectSessionStatus);
  const [location] = useLocation();
  // The session machine decides what a new address means (sign in first, or leave /auth).
  useEffect(() => {
    session.send({ type: 'session.pathChanged' });
  }, [session, location]);
  const { parser } = useRouter();
  const firstCodeReady = useFirstScreenCode();
  // A stored token is being checked, or the user is in: the frame's code and the screen asked
  // for load meanwhile (main.tsx started them before the first render: `preloadFirstScreenCode`).
  useEffect(() => {
    if (status !== 'loading' && status !== 'signedIn') return;
    void MainLayout.preload();
    const screen = screenOf.find(([pattern]) => matchRoute(parser, pattern, location)[0]);
    void screen?.[1].preload();
  }, [status, parser, location]);
  if (status === 'loading' || status === 'signingOut' || (status === 'signedIn' && !firstCodeReady))
    return <FullScreenSpinner />;
  if (status === 'offline') return <OfflineNotice onRetry={() => session.send({ type: 'session.retry' })} />;
  return (
    <Suspense fallback={<DelayedSpinner fullScreen />}>
      <Switch>
        <Route path="/auth">
          <Redirect to={authRoutes.login} replace />
        </Route>
        <Route path={authRoutes.login} component={LoginPage} />
        <Route path={authRoutes.register} component={RegisterPage} />
        <Route path={authRoutes.verifyOtp} component={VerifyOtpPage} />
        <Route path="/auth/forgot-password">
          <Redirect to={authRoutes.forgotPhone} replace />
        </Route>
        <Route path={authRoutes.forgotPhone} component={ForgotPhonePage} />
        <Route path={authRoutes.forgotOtp} component={ForgotOtpPage} />
        <Route path={authRoutes.forgotChange} component={ForgotChangePage} />
        <Route path="/">
          <SignedIn>
            <MainLayout>
              <Screen>
                <HomePage />
              </Screen>
            </MainLayout>
          </SignedIn>
        </Route>
        <Route path={projectRoutes.list}>
          <SignedIn>
            <MainLayout>
              <Screen>
                <ProjectListPage />
              </Screen>
            </MainLayout>
          </SignedIn>
        </Route>
        <Route path={personalRoutes.profile}>
          <SignedIn>
            <MainLayout>
              <Screen>
                <ProfilePage />
              </Screen>
            </MainLayout>
          </SignedIn>
        </Route>
        <Route path={personalRoutes.notifications}>
          <SignedIn>
            <MainLayout>
              <Screen>
                <NotificationsPage />
              </Screen>
            </MainLayout>
          </SignedIn>
        </Route>
        <Route path={personalRoutes.saldo}>
          <SignedIn>
            <MainLayout>
              <Screen>
                <SaldoPage />
              </Screen>
            </MainLayout>
          </SignedIn>
        </Route>
        <Route path={projectRoutes.chat}>
          {(params: { key: string; receiver?: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout variant="workspace">
                  <Screen>
                    <ChatPage receiver={params.receiver ?? null} />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.chatWindow}>
          {(params: { key: string; phone: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <ChatWindowPage phone={params.phone} />
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.accounts}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <AccountsPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.gallery}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout variant="workspace">
                  <Screen>
                    <GalleryPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.labels}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <LabelsPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.quickReply}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <QuickReplyPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.stages}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout variant="workspace">
                  <Screen>
                    <StagesPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.divisions}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <DivisionsPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.members}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <MembersPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.billing}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <ProjectBillingPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.settings}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <ProjectSettingsPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.invite}>
          {(params: { code: string }) => (
            <SignedIn>
              <InvitePage key={params.code} code={params.code} />
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.customers}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <CustomersPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.broadcasts}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <BroadcastsPage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        {/* The composer's routes go above the broadcast's: it would read `new` as an id. */}
        <Route path={projectRoutes.broadcastNew}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <BroadcastComposePage />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.broadcastEdit}>
          {(params: { key: string; id: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <BroadcastComposePage id={params.id} />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.broadcast}>
          {(params: { key: string; id: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <BroadcastPage id={params.id} />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        {/* Automation (issue 18): one screen, one kind of rule per route. */}
        <Route path={projectRoutes.autoReply}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <AutomationPage kind="auto_reply" />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.autoDivision}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <AutomationPage kind="auto_division" />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.autoStage}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <AutomationPage kind="auto_stage" />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        <Route path={projectRoutes.followUp}>
          {(params: { key: string }) => (
            <SignedIn>
              <ProjectScope projectKey={params.key}>
                <MainLayout>
                  <Screen>
                    <AutomationPage kind="follow_up" />
                  </Screen>
                </MainLayout>
              </ProjectScope>
            </SignedIn>
          )}
        </Route>
        {screenRoutes.map((route) => (
          <Route key={route.path} path={route.path}>
            {(params: { key?: string }) => (
              <SignedIn>
                {route.area !== 'main' ? (
                  <ScreenPage title={route.title} />
                ) : params.key === undefined ? (
                  <MainLayout>
                    <ScreenPage title={route.title} />
                  </MainLayout>
                ) : (
                  // A project's screen: its sidebar, and the route guard on its permission.
                  <ProjectScope projectKey={params.key}>
                    <MainLayout>
                      <ScreenPage title={route.title} />
                    </MainLayout>
                  </ProjectScope>
                )}
              </SignedIn>
            )}
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
