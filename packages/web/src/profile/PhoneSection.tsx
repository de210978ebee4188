import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { User } from '@sapa/sdk';
import { profilePhoneMachine, selectProfilePhoneStep } from '@sapa/machines/personal';
import { Button } from '../components/Button.tsx';
import { OtpStepPanel } from '../auth/OtpPanel.tsx';
import { PasswordField, PhoneField } from '../auth/fields.tsx';
import { FormError } from '../auth/AuthLayout.tsx';
import { useFieldError } from '../auth/useFieldError.ts';
import { useAnnouncements } from '../crm/CrmPage.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useUserChanged } from './useUserChanged.ts';
import * as css from './profile.css.ts';

/**
 * The phone change (profilePhoneMachine): the new phone and the current password, then the code
 * sent to the new phone: the machine's `otp` child, in the sign-in pages' code panel.
 */
export function PhoneSection({ user }: { user: User }) {
  const t = useT();
  const fieldError = useFieldError();
  const { client } = useRuntime();
  const userChanged = useUserChanged();
  const [form, setForm] = useState({ phone: '', password: '' });
  const actor = useActorRef(profilePhoneMachine, { input: { client } });
  const step = useSelector(actor, selectProfilePhoneStep);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const otp = useSelector(actor, (snapshot) => snapshot.children.otp);
  useAnnouncements(actor, {
    'phone.changed': ({ user: changed }) => {
      userChanged(changed);
      setForm({ phone: '', password: '' });
      return { message: t('profile.phone.changed', { phone: changed.phone }) };
    },
  });
  if (step === 'code' && otp !== undefined)
    return (
      <div className={css.form}>
        <p className={css.hint}>
          {t('profile.phone.codeSent', { phone: context.challenge?.maskedPhone ?? '' })}
        </p>
        <OtpStepPanel
          otp={otp}
          submitLabel={t('profile.phone.confirm')}
          onRestart={() => actor.send({ type: 'phone.back' })}
          onBack={() => actor.send({ type: 'phone.back' })}
        />
      </div>
    );
  return (
    <Form
      className={css.form}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'phone.submit', ...form });
      }}
    >
      <p className={css.hint}>{t('profile.phone.current', { phone: user.phone })}</p>
      <FormError message={context.error?.message} />
      <PhoneField
        value={form.phone}
        onChange={(phone) => setForm((current) => ({ ...current, phone }))}
        error={fieldError(context.fieldErrors.phone)}
      />
      <PasswordField
        label={t('profile.phone.password')}
        name="phonePassword"
        autoComplete="current-password"
        value={form.password}
        onChange={(password) => setForm((current) => ({ ...current, password }))}
        error={fieldError(context.fieldErrors.password)}
      />
      <div>
        <Button type="submit" isDisabled={busy} data-testid="profile-phone-send">
          {t('profile.phone.send')}
        </Button>
      </div>
    </Form>
  );
}
