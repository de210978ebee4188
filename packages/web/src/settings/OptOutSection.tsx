import {
  Button as AriaButton,
  Checkbox,
  FieldError,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
} from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  isDefaultOptOutWords,
  OPT_OUT_REPLY_MAX,
  OPT_OUT_WORD_MAX_LENGTH,
  OPT_OUT_WORDS_MAX,
} from '@sapa/sdk';
import type { projectSettingsMachine, SettingsFieldError } from '@sapa/machines/team';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import * as field from '../components/field.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import * as css from './settings.css.ts';
import * as optOut from './optOut.css.ts';
import { loadBroadcastTexts } from '../i18n/broadcastTexts.ts';
import { loadTeamTexts } from '../i18n/teamTexts.ts';

// The opt-out texts are the broadcasts part's, the settings' the project area's: neither loads with the app.
loadBroadcastTexts();
loadTeamTexts();

type SettingsActor = ActorRefFrom<typeof projectSettingsMachine>;

/** A field's error as text: the machine's key with the limit it names, or the server's message. */
function errorText(t: Translate, error: SettingsFieldError | undefined): string | null {
  if (error === undefined) return null;
  return 'key' in error ? t(error.key, error.params ?? {}) : error.message;
}

/**
 * "Opt-out broadcast": the words that opt a customer out (chips, each removable while more than one
 * is left; a new one typed and added, Enter included; the default words again), the answer a
 * customer gets once they did, and its switch. Saved with the rest of the settings.
 */
export function OptOutSection({ actor, disabled }: { actor: SettingsActor; disabled: boolean }) {
  const t = useT();
  const settings = useSelector(actor, (snapshot) => snapshot.context.draft.optOut);
  const wordInput = useSelector(actor, (snapshot) => snapshot.context.wordInput);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const wordError = errorText(t, errors['optOut.word']);
  const wordsError = errorText(t, errors['optOut.words']);
  const replyError = errorText(t, errors['optOut.reply']);
  const add = () => actor.send({ type: 'settings.optOutAddWord' });
  return (
    <section className={css.section} aria-labelledby="settings-opt-out" data-testid="settings-opt-out">
      <h2 id="settings-opt-out" className={css.sectionTitle}>
        {t('settings.optOut.title')}
      </h2>
      <p className={css.muted}>{t('settings.optOut.hint')}</p>
      <div className={field.field}>
        <span className={field.label} id="settings-opt-out-words">
          {t('settings.optOut.words')}
        </span>
        <ul className={optOut.chips} aria-labelledby="settings-opt-out-words" data-testid="opt-out-words">
          {settings.words.map((word) => (
            <li key={word} className={optOut.chip}>
              <span>{word}</span>
              <AriaButton
                className={optOut.chipRemove}
                aria-label={t('settings.optOut.remove', { word })}
                isDisabled={disabled || settings.words.length <= 1}
                onPress={() => actor.send({ type: 'settings.optOutRemoveWord', word })}
              >
                ×
              </AriaButton>
            </li>
          ))}
        </ul>
        <span className={field.description}>
          {t('settings.optOut.count', { count: settings.words.length, max: OPT_OUT_WORDS_MAX })}
        </span>
        {wordsError ? (
          <p className={optOut.error} role="alert">
            {wordsError}
          </p>
        ) : null}
      </div>
      <div className={optOut.addRow}>
        <TextField
          label={t('settings.optOut.wordInput')}
          value={wordInput}
          placeholder={t('settings.optOut.wordPlaceholder')}
          maxLength={OPT_OUT_WORD_MAX_LENGTH * 2}
          error={wordError}
          isDisabled={disabled}
          autoComplete="off"
          data-testid="opt-out-word-input"
          onChange={(value) => actor.send({ type: 'settings.optOutWordInput', value })}
          onKeyDown={(event) => {
            // Enter adds the word here rather than saving the whole form.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <div className={optOut.addButton}>
          <Button tone="secondary" isDisabled={disabled} onPress={add} data-testid="opt-out-word-add">
            {t('settings.optOut.add')}
          </Button>
        </div>
      </div>
      <div className={css.actions}>
        <Button
          size="sm"
          tone="ghost"
          isDisabled={disabled || isDefaultOptOutWords(settings.words)}
          onPress={() => actor.send({ type: 'settings.optOutDefaults' })}
        >
          {t('settings.optOut.defaults')}
        </Button>
      </div>
      <Checkbox
        className={optOut.replySwitch}
        isSelected={settings.replyEnabled}
        isDisabled={disabled}
        data-testid="opt-out-reply-enabled"
        onChange={(value) => actor.send({ type: 'settings.optOutReplyEnabled', value })}
      >
        <span className={css.box} aria-hidden="true">
          {settings.replyEnabled ? '✓' : ''}
        </span>
        {t('settings.optOut.replyEnabled')}
      </Checkbox>
      <AriaTextField
        className={field.field}
        value={settings.reply}
        isDisabled={disabled || !settings.replyEnabled}
        isInvalid={replyError !== null}
        maxLength={OPT_OUT_REPLY_MAX}
        onChange={(value) => actor.send({ type: 'settings.optOutReply', value })}
      >
        <Label className={field.label}>{t('settings.optOut.reply')}</Label>
        <div className={field.inputRow}>
          <TextArea className={optOut.textArea} data-testid="opt-out-reply" />
        </div>
        <Text slot="description" className={field.description}>
          {t('settings.optOut.replyHint')}
        </Text>
        <FieldError className={field.error}>{replyError}</FieldError>
      </AriaTextField>
    </section>
  );
}
