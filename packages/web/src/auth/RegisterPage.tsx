import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { authRoutes } from '../routes.ts';
import { AuthLayout, FormError } from './AuthLayout.tsx';
import { useAuthFlows } from './AuthFlowsProvider.tsx';
import { useFieldError } from './useFieldError.ts';
import { PasswordField, PhoneField } from './fields.tsx';
import * as css from '../layout/layout.css.ts';

export function RegisterPage() {
  const t = useT();
  const fieldError = useFieldError();
  const { register } = useAuthFlows();
  const busy = useSelector(register, (state) => state.hasTag('busy'));
  const fieldErrors = useSelector(register, (state) => state.context.fieldErrors);
  const error = useSelector(register, (state) => state.context.error);
  const [form, setForm] = useState({ name: '', phone: '', password: '', confirmPassword: '' });
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  const anyFieldError = Object.values(fieldErrors).some(Boolean);

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Form
        className={css.form}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          register.send({ type: 'register.submit', ...form });
        }}
      >
        <FormError message={error && !anyFieldError ? error.message : null} />
        <TextField
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          error={fieldError(fieldErrors.name)}
        />
        <PhoneField value={form.phone} onChange={set('phone')} error={fieldError(fieldErrors.phone)} />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={fieldError(fieldErrors.password)}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={fieldError(fieldErrors.confirmPassword)}
        />
        <Button type="submit" size="lg" isDisabled={busy}>
          {t('auth.register.submit')}
        </Button>
      </Form>
      <nav className={css.links}>
        <Link href={authRoutes.login}>{t('auth.register.toLogin')}</Link>
      </nav>
    </AuthLayout>
  );
}
