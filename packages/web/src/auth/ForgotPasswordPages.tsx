import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, Redirect } from 'wouter';
import { useSelector } from '@xstate/react';
import { selectForgotPasswordStep, type ForgotPasswordSnapshot } from '@sapa/machines/auth';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { authRoutes } from '../routes.ts';
import { AuthLayout, FormError } from './AuthLayout.tsx';
import { useAuthFlows } from './AuthFlowsProvider.tsx';
import { OtpStepPanel } from './OtpPanel.tsx';
import { useFieldError } from './useFieldError.ts';
import { PasswordField, PhoneField } from './fields.tsx';
import * as css from '../layout/layout.css.ts';

const routeOfStep = {
  phone: authRoutes.forgotPhone,
  otp: authRoutes.forgotOtp,
  change: authRoutes.forgotChange,
  done: authRoutes.login,
} as const;

/** Keeps the address in step with the flow when a page is opened out of turn (a reload, a bookmark). */
function useForgotStep(expected: 'phone' | 'otp' | 'change') {
  const { forgot } = useAuthFlows();
  const step = useSelector(forgot, (snapshot: ForgotPasswordSnapshot) => selectForgotPasswordStep(snapshot));
  return { forgot, redirect: step === expected ? null : <Redirect to={routeOfStep[step]} replace /> };
}

export function ForgotPhonePage() {
  const t = useT();
  const fieldError = useFieldError();
  const { forgot, redirect } = useForgotStep('phone');
  const busy = useSelector(forgot, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useSelector(forgot, (snapshot) => snapshot.context.fieldErrors);
  const error = useSelector(forgot, (snapshot) => snapshot.context.error);
  const [phone, setPhone] = useState(() => forgot.getSnapshot().context.phone);
  if (redirect) return redirect;
  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Form
        className={css.form}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          forgot.send({ type: 'forgot.submitPhone', phone });
        }}
      >
        <FormError message={error && !fieldErrors.phone ? error.message : null} />
        <PhoneField value={phone} onChange={setPhone} error={fieldError(fieldErrors.phone)} />
        <Button type="submit" size="lg" isDisabled={busy}>
          {t('auth.forgot.submitPhone')}
        </Button>
      </Form>
      <nav className={css.links}>
        <Link href={authRoutes.login}>{t('auth.forgot.toLogin')}</Link>
      </nav>
    </AuthLayout>
  );
}

export function ForgotOtpPage() {
  const t = useT();
  const { forgot, redirect } = useForgotStep('otp');
  const otp = useSelector(forgot, (snapshot) => snapshot.children.otp);
  const phone = useSelector(
    forgot,
    (snapshot) => snapshot.context.challenge?.maskedPhone ?? snapshot.context.phone,
  );
  if (redirect) return redirect;
  if (otp === undefined) return null;
  return (
    <AuthLayout title={t('auth.forgot.codeTitle')} subtitle={t('auth.otp.sentTo', { phone })}>
      <OtpStepPanel
        otp={otp}
        submitLabel={t('auth.forgot.next')}
        onRestart={() => forgot.send({ type: 'forgot.restart' })}
        onBack={() => forgot.send({ type: 'forgot.back' })}
      />
    </AuthLayout>
  );
}

export function ForgotChangePage() {
  const t = useT();
  const fieldError = useFieldError();
  const { forgot, redirect } = useForgotStep('change');
  const busy = useSelector(forgot, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useSelector(forgot, (snapshot) => snapshot.context.fieldErrors);
  const error = useSelector(forgot, (snapshot) => snapshot.context.error);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  if (redirect) return redirect;
  return (
    <AuthLayout title={t('auth.forgot.changeTitle')}>
      <Form
        className={css.form}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          forgot.send({ type: 'forgot.submitPassword', password, confirmPassword });
        }}
      >
        <FormError message={error && !fieldErrors.password ? error.message : null} />
        <PasswordField
          label={t('auth.forgot.newPassword')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={fieldError(fieldErrors.password)}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          error={fieldError(fieldErrors.confirmPassword)}
        />
        <Button type="submit" size="lg" isDisabled={busy}>
          {t('auth.forgot.submitPassword')}
        </Button>
      </Form>
      <nav className={css.links}>
        <Button tone="link" onPress={() => forgot.send({ type: 'forgot.back' })} isDisabled={busy}>
          {t('common.back')}
        </Button>
      </nav>
    </AuthLayout>
  );
}
