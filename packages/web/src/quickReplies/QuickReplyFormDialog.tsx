import { FieldError, Form, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { QUICK_REPLY_TEXT_MAX, SHORTCUT_MAX } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import * as field from '../components/field.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { fieldErrorText, useCrudForm } from '../crm/crudDialogs.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { QuickReplyMediaField } from './QuickReplyMediaField.tsx';
import type { QuickReplyActor } from './types.ts';
import * as css from './quickReplies.css.ts';

/**
 * "Tambah" or "Ubah": the shortcut, the text (its placeholders listed under it) and an optional
 * file from the gallery or an upload. The machine checks and saves; each field shows its error,
 * the server's included. The dialog closes once the save went through.
 */
export function QuickReplyFormDialog({ actor, projectKey }: { actor: QuickReplyActor; projectKey: string }) {
  const t = useT();
  const { editing, draft, errors, saveError, saving } = useCrudForm(actor);
  const cancel = () => actor.send({ type: 'quickReply.cancel' });
  const textError = fieldErrorText(t, errors.text);
  return (
    <ModalDialog
      title={
        editing === null
          ? t('quickReply.form.addTitle')
          : t('quickReply.form.editTitle', { shortcut: editing.shortcut })
      }
      isOpen
      size="lg"
      onOpenChange={(open) => (open || saving ? null : cancel())}
    >
      <Form
        className={dialog.form}
        data-testid="quick-reply-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'quickReply.save' });
        }}
      >
        <TextField
          label={t('quickReply.form.shortcut')}
          description={t('quickReply.form.shortcutHint')}
          value={draft.shortcut}
          onChange={(value) => actor.send({ type: 'quickReply.shortcut', value })}
          error={fieldErrorText(t, errors.shortcut)}
          isDisabled={saving}
          maxLength={SHORTCUT_MAX + 1}
          autoFocus
          placeholder="/salam"
        />
        <AriaTextField
          className={field.field}
          value={draft.text}
          onChange={(value) => actor.send({ type: 'quickReply.text', value })}
          isInvalid={textError !== null}
          isDisabled={saving}
          maxLength={QUICK_REPLY_TEXT_MAX}
        >
          <Label className={field.label}>{t('quickReply.form.text')}</Label>
          <div className={field.inputRow}>
            <TextArea className={css.textarea} data-testid="quick-reply-text-field" />
          </div>
          <Text slot="description" className={field.description}>
            {t('quickReply.form.textHint')}
          </Text>
          <FieldError className={field.error}>{textError}</FieldError>
        </AriaTextField>
        <QuickReplyMediaField
          actor={actor}
          projectKey={projectKey}
          error={fieldErrorText(t, errors.mediaId)}
          disabled={saving}
        />
        <FormError message={saveError ? t('quickReply.form.failed', { message: saveError.message }) : null} />
        <div className={dialog.actions}>
          <Button tone="secondary" isDisabled={saving} onPress={cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isDisabled={saving} data-testid="quick-reply-save">
            {saving ? t('quickReply.form.saving') : t('common.save')}
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
