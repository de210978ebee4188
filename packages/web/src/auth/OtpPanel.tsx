import { Form } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectOtpStep } from '@sapa/machines/auth';
import type { FlowError, OtpSnapshot, otpMachine } from '@sapa/machines/auth';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { FormError } from './AuthLayout.tsx';
import { formatDuration } from './formatDuration.ts';
import * as fieldCss from '../components/field.css.ts';
import * as css from '../layout/layout.css.ts';

export interface OtpPanelProps {
  step: 'code' | 'expired' | 'locked';
  code: string;
  busy: boolean;
  expiresIn: number;
  resendIn: number;
  error: FlowError | null;
  /** The label of the submit button ('Verifikasi', or 'Lanjut' when the code is checked later). */
  submitLabel: string;
  onChange(code: string): void;
  onSubmit(): void;
  onResend(): void;
  onRestart(): void;
  onBack(): void;
}

/** The code step shared by register, login and forgot password: code, countdowns, resend, lock. */
export function OtpPanel(props: OtpPanelProps) {
  const t = useT();
  const { step, error } = props;
  const wrongCode = error?.reason === 'otp_invalid' && step === 'code';
  return (
    <div className={css.form}>
      {step === 'locked' ? (
        <p role="alert" className={css.formError}>
          {t('auth.otp.locked')}
        </p>
      ) : null}
      {step === 'expired' ? (
        <p role="alert" className={css.formError}>
          {t('auth.otp.expired')}
        </p>
      ) : null}
      {step === 'code' ? (
        <Form
          className={css.form}
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <FormError message={error && !wrongCode ? error.message : null} />
          <TextField
            label={t('auth.otp.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            inputClassName={fieldCss.otpInput}
            value={props.code}
            onChange={props.onChange}
            // The code is being checked: typing now would be lost, so the field holds still.
            isReadOnly={props.busy}
            error={wrongCode ? error.message : null}
            description={t('auth.otp.expiresIn', { time: formatDuration(props.expiresIn) })}
          />
          <Button type="submit" size="lg" isDisabled={props.busy || props.code.length !== 6}>
            {props.submitLabel}
          </Button>
        </Form>
      ) : null}
      <div className={css.links}>
        {step === 'locked' ? (
          <Button tone="secondary" onPress={props.onRestart} isDisabled={props.busy}>
            {t('auth.otp.restart')}
          </Button>
        ) : (
          <Button tone="link" onPress={props.onResend} isDisabled={props.busy || props.resendIn > 0}>
            {props.resendIn > 0 ? t('auth.otp.resendIn', { seconds: props.resendIn }) : t('auth.otp.resend')}
          </Button>
        )}
        <Button tone="link" onPress={props.onBack} isDisabled={props.busy}>
          {t('auth.otp.changeNumber')}
        </Button>
      </div>
    </div>
  );
}

/** The `otp` child of a flow (login, register, forgot password, phone change). */
export type OtpActor = ActorRefFrom<typeof otpMachine>;

const stepOf = (snapshot: OtpSnapshot) => {
  const step = selectOtpStep(snapshot);
  return step === 'done' ? 'code' : step;
};

export interface OtpStepPanelProps {
  otp: OtpActor;
  submitLabel: string;
  onRestart(): void;
  onBack(): void;
}

/** The code panel driven by a flow's `otp` child: it reads the child and sends it the code. */
export function OtpStepPanel({ otp, submitLabel, onRestart, onBack }: OtpStepPanelProps) {
  const step = useSelector(otp, stepOf);
  const context = useSelector(otp, (snapshot) => snapshot.context);
  const busy = useSelector(otp, (snapshot) => snapshot.hasTag('busy'));
  return (
    <OtpPanel
      step={step}
      code={context.code}
      busy={busy}
      expiresIn={context.expiresIn}
      resendIn={context.resendIn}
      error={context.error}
      submitLabel={submitLabel}
      onChange={(code) => otp.send({ type: 'otp.change', code })}
      onSubmit={() => otp.send({ type: 'otp.submit' })}
      onResend={() => otp.send({ type: 'otp.resend' })}
      onRestart={onRestart}
      onBack={onBack}
    />
  );
}
