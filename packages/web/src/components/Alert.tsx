/**
 * A message box (SPEC.md section 2 "dismissible alert"): info, warning or error. `error` and
 * `warning` are announced at once (`role="alert"`), `info` politely (`role="status"`). With
 * `onDismiss` it has a close button; whether it shows stays the caller's state.
 */
import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './alert.css.ts';

export interface AlertProps {
  tone?: 'info' | 'warning' | 'error';
  title?: string;
  children?: ReactNode;
  onDismiss?: () => void;
}

export function Alert({ tone = 'info', title, children, onDismiss }: AlertProps) {
  const t = useT();
  return (
    <div className={css.alert({ tone })} role={tone === 'info' ? 'status' : 'alert'}>
      <div className={css.body}>
        {title ? <p className={css.title}>{title}</p> : null}
        {children}
      </div>
      {onDismiss ? (
        <AriaButton className={css.dismiss} aria-label={t('frame.dismiss')} onPress={onDismiss}>
          ×
        </AriaButton>
      ) : null}
    </div>
  );
}
