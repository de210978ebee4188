import { useId, useState, type ReactNode } from 'react';
import { FileTrigger, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, formatFileSize } from '@sapa/sdk';
import type { User } from '@sapa/sdk';
import { profileAvatarMachine, profileFormMachine, profilePasswordMachine } from '@sapa/machines/personal';
import { selectUser } from '@sapa/machines/auth';
import { Avatar } from '../components/Avatar.tsx';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import { PasswordField } from '../auth/fields.tsx';
import { FormError } from '../auth/AuthLayout.tsx';
import { useFieldError } from '../auth/useFieldError.ts';
import { useAnnouncements } from '../crm/CrmPage.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { PhoneSection } from './PhoneSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { readDataUrl } from './readDataUrl.ts';
import { useUserChanged } from './useUserChanged.ts';
import * as field from '../components/field.css.ts';
import * as layout from '../layout/layout.css.ts';
import * as css from './profile.css.ts';

/**
 * `/profile`: the signed-in user's name and picture, phone, password, language and theme, and
 * their signed-in devices. Each section runs its own machine; what a save answers becomes the
 * session's user (`session.userChanged`), so the header and the preferences follow at once.
 */
export function ProfilePage() {
  const t = useT();
  const { session } = useRuntime();
  const user = useSelector(session, selectUser);
  if (user === null) return null;
  return (
    <div className={css.page}>
      <h1 className={layout.pageTitle}>{t('profile.title')}</h1>
      <ProfileSection title={t('profile.section.identity')} testId="profile-identity">
        <AvatarField user={user} />
        <NameForm user={user} />
      </ProfileSection>
      <ProfileSection title={t('profile.section.phone')} testId="profile-phone">
        <PhoneSection user={user} />
      </ProfileSection>
      <ProfileSection title={t('profile.section.password')} testId="profile-password">
        <PasswordForm />
      </ProfileSection>
      <ProfileSection title={t('profile.section.preferences')} testId="profile-preferences">
        <PreferencesForm user={user} />
      </ProfileSection>
      <ProfileSection title={t('profile.section.sessions')} testId="profile-sessions">
        <SessionsSection />
      </ProfileSection>
    </div>
  );
}

function ProfileSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={css.section} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={css.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function AvatarField({ user }: { user: User }) {
  const t = useT();
  const { locale } = usePreferences();
  const { client } = useRuntime();
  const userChanged = useUserChanged();
  const actor = useActorRef(profileAvatarMachine, { input: { client, readFile: readDataUrl } });
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const size = formatFileSize(AVATAR_MAX_BYTES, locale);
  useAnnouncements(actor, {
    'avatar.changed': ({ user: changed }) => {
      userChanged(changed);
      return { message: t(changed.avatarUrl === null ? 'profile.avatar.cleared' : 'profile.avatar.changed') };
    },
  });
  const message =
    problem === 'type'
      ? t('profile.avatar.type')
      : problem === 'size'
        ? t('profile.avatar.size', { size })
        : (error?.message ?? null);
  return (
    <div className={css.row}>
      <Avatar name={user.name} src={user.avatarUrl} size="lg" label={t('profile.avatar.label')} />
      <div className={css.form}>
        <div className={css.row}>
          <FileTrigger
            acceptedFileTypes={[...AVATAR_TYPES]}
            onSelect={(files) => {
              const file = files?.[0];
              if (file) actor.send({ type: 'avatar.pick', file });
            }}
          >
            <Button tone="secondary" size="sm" isDisabled={busy} data-testid="profile-avatar-upload">
              {busy ? t('profile.avatar.busy') : t('profile.avatar.upload')}
            </Button>
          </FileTrigger>
          {user.avatarUrl === null ? null : (
            <Button
              tone="ghost"
              size="sm"
              isDisabled={busy}
              onPress={() => actor.send({ type: 'avatar.clear' })}
            >
              {t('profile.avatar.clear')}
            </Button>
          )}
        </div>
        <p className={css.hint}>{t('profile.avatar.hint', { size })}</p>
        {message === null ? null : (
          <p role="alert" className={css.error}>
            {message}
          </p>
        )}
      </div>
    </div>
  );
}

function NameForm({ user }: { user: User }) {
  const t = useT();
  const fieldError = useFieldError();
  const { client } = useRuntime();
  const userChanged = useUserChanged();
  const [name, setName] = useState(user.name);
  const actor = useActorRef(profileFormMachine, { input: { client } });
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  useAnnouncements(actor, {
    'profile.saved': ({ user: saved }) => {
      userChanged(saved);
      return { message: t('profile.saved') };
    },
  });
  return (
    <Form
      className={css.form}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'profile.save', name, language: user.language, theme: user.theme });
      }}
    >
      <FormError message={error?.message} />
      <TextField
        label={t('profile.name')}
        name="name"
        autoComplete="name"
        value={name}
        onChange={setName}
        error={fieldError(fieldErrors.name)}
      />
      <div>
        <Button type="submit" isDisabled={busy} data-testid="profile-name-save">
          {t('profile.save')}
        </Button>
      </div>
    </Form>
  );
}

function PasswordForm() {
  const t = useT();
  const fieldError = useFieldError();
  const { client } = useRuntime();
  const [form, setForm] = useState({ currentPassword: '', password: '', confirmPassword: '' });
  const actor = useActorRef(profilePasswordMachine, { input: { client } });
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  useAnnouncements(actor, {
    'password.changed': () => {
      setForm({ currentPassword: '', password: '', confirmPassword: '' });
      return { message: t('profile.password.changed') };
    },
  });
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  return (
    <Form
      className={css.form}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'password.submit', ...form });
      }}
    >
      <FormError message={error?.message} />
      <PasswordField
        label={t('profile.password.current')}
        name="currentPassword"
        autoComplete="current-password"
        value={form.currentPassword}
        onChange={set('currentPassword')}
        error={fieldError(fieldErrors.currentPassword)}
      />
      <PasswordField
        label={t('profile.password.new')}
        name="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={fieldError(fieldErrors.password)}
      />
      <PasswordField
        label={t('profile.password.confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={fieldError(fieldErrors.confirmPassword)}
      />
      <div>
        <Button type="submit" isDisabled={busy}>
          {t('profile.password.save')}
        </Button>
      </div>
    </Form>
  );
}

type Choice<V extends string> = V | 'device';

function ChoiceGroup<C extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: C;
  options: ReadonlyArray<{ value: C; label: string }>;
  onChange(value: C): void;
}) {
  return (
    <RadioGroup
      className={css.radioGroup}
      orientation="horizontal"
      value={value}
      onChange={(next) => onChange(next as C)}
    >
      <Label className={field.label}>{label}</Label>
      <div className={css.radios}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className={css.radio}>
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

function PreferencesForm({ user }: { user: User }) {
  const t = useT();
  const { client } = useRuntime();
  const userChanged = useUserChanged();
  const [language, setLanguage] = useState<Choice<'id' | 'en'>>(user.language ?? 'device');
  const [theme, setTheme] = useState<Choice<'light' | 'dark'>>(user.theme ?? 'device');
  const actor = useActorRef(profileFormMachine, { input: { client } });
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  useAnnouncements(actor, {
    'profile.saved': ({ user: saved }) => {
      userChanged(saved);
      return { message: t('profile.saved') };
    },
  });
  return (
    <Form
      className={css.form}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({
          type: 'profile.save',
          name: user.name,
          language: language === 'device' ? null : language,
          theme: theme === 'device' ? null : theme,
        });
      }}
    >
      <FormError message={error?.message} />
      <ChoiceGroup<Choice<'id' | 'en'>>
        label={t('profile.language')}
        value={language}
        onChange={setLanguage}
        options={[
          { value: 'device', label: t('profile.followDevice') },
          { value: 'id', label: t('profile.languageId') },
          { value: 'en', label: t('profile.languageEn') },
        ]}
      />
      <ChoiceGroup<Choice<'light' | 'dark'>>
        label={t('profile.theme')}
        value={theme}
        onChange={setTheme}
        options={[
          { value: 'device', label: t('profile.followDevice') },
          { value: 'light', label: t('profile.themeLight') },
          { value: 'dark', label: t('profile.themeDark') },
        ]}
      />
      <p className={css.hint}>{t('profile.preferencesHint')}</p>
      <div>
        <Button type="submit" isDisabled={busy} data-testid="profile-preferences-save">
          {t('profile.save')}
        </Button>
      </div>
    </Form>
  );
}
