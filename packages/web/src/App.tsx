import { useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { FullScreenSpinner } from './components/Spinner.tsx';
import { MainLayout } from './layout/MainLayout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { ScreenPage } from './pages/ScreenPage.tsx';
import { ProjectListPage } from './projects/ProjectListPage.tsx';
import { ProjectScope } from './project/ProjectScope.tsx';
import { ChatPage } from './chat/ChatPage.tsx';
import { ChatWindowPage } from './chat/ChatWindowPage.tsx';
import { AccountsPage } from './accounts/AccountsPage.tsx';
import { GalleryPage } from './gallery/GalleryPage.tsx';
import { LabelsPage } from './labels/LabelsPage.tsx';
import { QuickReplyPage } from './quickReplies/QuickReplyPage.tsx';
import { StagesPage } from './stages/StagesPage.tsx';
import { CustomersPage } from './customers/CustomersPage.tsx';
import { DivisionsPage } from './divisions/DivisionsPage.tsx';
import { ProfilePage } from './profile/ProfilePage.tsx';
import { NotificationsPage } from './notifications/NotificationsPage.tsx';
import { MembersPage } from './members/MembersPage.tsx';
import { ProjectSettingsPage } from './settings/ProjectSettingsPage.tsx';
import { InvitePage } from './invite/InvitePage.tsx';
import { LoginPage } from './auth/LoginPage.tsx';
import { RegisterPage } from './auth/RegisterPage.tsx';
import { VerifyOtpPage } from './auth/VerifyOtpPage.tsx';
import { ForgotPhonePage, ForgotOtpPage, ForgotChangePage } from './auth/ForgotPasswordPages.tsx';
import { authRoutes, personalRoutes, projectRoutes, screenRoutes } from './routes.ts';
import { useRuntime } from './RuntimeProvider.tsx';
import { OfflineNotice } from './pages/OfflineNotice.tsx';
import { selectSessionStatus } from '@sapa/machines';

/** Renders children only for a signed-in user; the session machine redirects everyone else. */
function SignedIn({ children }: { children: ReactNode }) {
  const { session } = useRuntime();
  const signedIn = useSelector(session, (snapshot) => snapshot.matches('signedIn'));
  return signedIn ? children : <FullScreenSpinner />;
}

export function App() {
  const { session } = useRuntime();
  const status = useSelector(session, selectSessionStatus);
  const [location] = useLocation();
  // The session machine decides what a new address means (sign in first, or leave /auth).
  useEffect(() => {
    session.send({ type: 'session.pathChanged' });
  }, [session, location]);
  if (status === 'loading' || status === 'signingOut') return <FullScreenSpinner />;
  if (status === 'offline') return <OfflineNotice onRetry={() => session.send({ type: 'session.retry' })} />;
  return (
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
            <HomePage />
          </MainLayout>
        </SignedIn>
      </Route>
      <Route path={projectRoutes.list}>
        <SignedIn>
          <MainLayout>
            <ProjectListPage />
          </MainLayout>
        </SignedIn>
      </Route>
      <Route path={personalRoutes.profile}>
        <SignedIn>
          <MainLayout>
            <ProfilePage />
          </MainLayout>
        </SignedIn>
      </Route>
      <Route path={personalRoutes.notifications}>
        <SignedIn>
          <MainLayout>
            <NotificationsPage />
          </MainLayout>
        </SignedIn>
      </Route>
      <Route path={projectRoutes.chat}>
        {(params: { key: string; receiver?: string }) => (
          <SignedIn>
            <ProjectScope projectKey={params.key}>
              <MainLayout variant="workspace">
                <ChatPage receiver={params.receiver ?? null} />
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
                <AccountsPage />
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
                <GalleryPage />
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
                <LabelsPage />
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
                <QuickReplyPage />
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
                <StagesPage />
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
                <DivisionsPage />
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
                <MembersPage />
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
                <ProjectSettingsPage />
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
                <CustomersPage />
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
  );
}
