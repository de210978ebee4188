import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { useT } from '../i18n/I18nProvider.tsx';
import { authRoutes } from '../routes.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { useAuthFlows } from './AuthFlowsProvider.tsx';
import { OtpStepPanel } from './OtpPanel.tsx';
import type { OtpActor } from './OtpPanel.tsx';
import * as css from '../layout/layout.css.ts';

function OtpStep({ otp, onBack, onRestart }: { otp: OtpActor; onBack(): void; onRestart(): void }) {
  const t = useT();
  const maskedPhone = useSelector(otp, (snapshot) => snapshot.context.challenge.maskedPhone);
  return (
    <AuthLayout title={t('auth.otp.title')} subtitle={t('auth.otp.sentTo', { phone: maskedPhone })}>
      <OtpStepPanel otp={otp} submitLabel={t('auth.otp.submit')} onRestart={onRestart} onBack={onBack} />
    </AuthLayout>
  );
}

/** /auth/verify-otp: the code of the running login or registration. */
export function VerifyOtpPage() {
  const t = useT();
  const flows = useAuthFlows();
  const loginOtp = useSelector(flows.login, (snapshot) => snapshot.children.otp);
  const registerOtp = useSelector(flows.register, (snapshot) => snapshot.children.otp);
  if (flows.otpFlow === 'login' && loginOtp) {
    return (
      <OtpStep
        otp={loginOtp}
        onBack={() => flows.login.send({ type: 'login.back' })}
        onRestart={() => flows.login.send({ type: 'login.restart' })}
      />
    );
  }
  if (flows.otpFlow === 'register' && registerOtp) {
    return (
      <OtpStep
        otp={registerOtp}
        onBack={() => flows.register.send({ type: 'register.back' })}
        onRestart={() => flows.register.send({ type: 'register.restart' })}
      />
    );
  }
  return (
    <AuthLayout title={t('auth.otp.title')}>
      <p className={css.subtitle}>{t('auth.otp.noChallenge')}</p>
      <Link href={authRoutes.login}>{t('auth.forgot.toLogin')}</Link>
    </AuthLayout>
  );
}
