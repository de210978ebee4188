import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { authRoutes } from '../routes.ts';
import { AuthLayout, FormError } from './AuthLayout.tsx';
import { useAuthFlows } from './AuthFlowsProvider.tsx';
import { useFieldError } from './useFieldError.ts';
import { PasswordField, PhoneField } from './fields.tsx';
import * as css from '../layout/layout.css.ts';

export function LoginPage() {
  const t = useT();
  const fieldError = useFieldError();
  const { login } = useAuthFlows();
  const busy = useSelector(login, (state) => state.hasTag('busy'));
  const fieldErrors = useSelector(login, (state) => state.context.fieldErrors);
  const error = useSelector(login, (state) => state.context.error);
  const [phone, setPhone] = useState(() => login.getSnapshot().context.phone);
  const [password, setPassword] = useState('');

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Form
        className={css.form}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          login.send({ type: 'login.submit', phone, password });
        }}
      >
        <FormError message={error && !fieldErrors.phone && !fieldErrors.password ? error.message : null} />
        <PhoneField value={phone} onChange={setPhone} error={fieldError(fieldErrors.phone)} />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldError(fieldErrors.password)}
        />
        <Button type="submit" size="lg" isDisabled={busy}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      <nav className={css.links}>
        <Link href={authRoutes.register}>{t('auth.login.toRegister')}</Link>
        <Link href={authRoutes.forgotPhone}>{t('auth.login.toForgot')}</Link>
      </nav>
    </AuthLayout>
  );
}
