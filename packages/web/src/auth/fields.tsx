import { TextField } from '../components/TextField.tsx';
import { useT } from '../i18n/I18nProvider.tsx';

interface FieldProps {
  value: string;
  onChange(value: string): void;
  error: string | null;
}

/** The phone number field of every sign-in form. */
export function PhoneField(props: FieldProps) {
  const t = useT();
  return (
    <TextField
      label={t('auth.phone')}
      name="phone"
      type="tel"
      autoComplete="tel"
      placeholder={t('auth.phonePlaceholder')}
      {...props}
    />
  );
}

/** A password field with its show/hide toggle (SPEC.md section 5). */
export function PasswordField({
  label,
  name,
  autoComplete,
  ...props
}: FieldProps & { label: string; name: string; autoComplete: 'current-password' | 'new-password' }) {
  return <TextField label={label} name={name} autoComplete={autoComplete} revealable {...props} />;
}
