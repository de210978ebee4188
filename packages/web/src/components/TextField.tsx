import { useState } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { Button } from './Button.tsx';
import * as css from './field.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'isInvalid'> {
  label: string;
  /** A message already translated; shown under the field and marks it invalid. */
  error?: string | null | undefined;
  description?: string;
  placeholder?: string;
  /** Password fields get a show/hide toggle (SPEC.md section 5). */
  revealable?: boolean;
  inputClassName?: string;
}

export function TextField({
  label,
  error,
  description,
  placeholder,
  revealable = false,
  inputClassName,
  type,
  ...props
}: TextFieldProps) {
  const t = useT();
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable ? (revealed ? 'text' : 'password') : (type ?? 'text');
  return (
    <AriaTextField {...props} type={inputType} isInvalid={Boolean(error)} className={css.field}>
      <Label className={css.label}>{label}</Label>
      <div className={css.inputRow}>
        <Input className={inputClassName ?? css.input} {...(placeholder ? { placeholder } : {})} />
        {revealable ? (
          <Button
            tone="ghost"
            size="sm"
            aria-pressed={revealed}
            aria-label={revealed ? t('field.hidePassword') : t('field.showPassword')}
            onPress={() => setRevealed((value) => !value)}
          >
            {revealed ? t('field.hide') : t('field.show')}
          </Button>
        ) : null}
      </div>
      {description ? (
        <Text slot="description" className={css.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={css.error}>{error}</FieldError>
    </AriaTextField>
  );
}
