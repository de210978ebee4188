import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { selectOtpStep, type OtpSnapshot } from '@sapa/machines';
import type { ActorRefFrom } from 'xstate';
import type { otpMachine } from '@sapa/machines';
import { useT } from '../i18n/I18nProvider.tsx';
import { authRoutes } from '../routes.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { useAuthFlows } from './AuthFlowsProvider.tsx';
import { OtpPanel } from './OtpPanel.tsx';
import * as css from '../layout/layout.css.ts';

type OtpActor = ActorRefFrom<typeof otpMachine>;

const stepOf = (snapshot: OtpSnapshot) => {
  const step = selectOtpStep(snapshot);
  return step === 'done' ? 'code' : step;
};

function OtpStep({ otp, onBack, onRestart }: { otp: OtpActor; onBack(): void; onRestart(): void }) {
  const t = useT();
  const step = useSelector(otp, stepOf);
  const context = useSelector(otp, (snapshot) => snapshot.context);
  const busy = useSelector(otp, (snapshot) => snapshot.hasTag('busy'));
  return (
    <AuthLayout
      title={t('auth.otp.title')}
      subtitle={t('auth.otp.sentTo', { phone: context.challenge.maskedPhone })}
    >
      <OtpPanel
        step={step}
        code={context.code}
        busy={busy}
        expiresIn={context.expiresIn}
        resendIn={context.resendIn}
        error={context.error}
        submitLabel={t('auth.otp.submit')}
        onChange={(code) => otp.send({ type: 'otp.change', code })}
        onSubmit={() => otp.send({ type: 'otp.submit' })}
        onResend={() => otp.send({ type: 'otp.resend' })}
        onRestart={onRestart}
        onBack={onBack}
      />
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
