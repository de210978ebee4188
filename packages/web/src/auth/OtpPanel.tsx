import { Form } from 'react-aria-components';
import type { FlowError } from '@sapa/machines';
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
