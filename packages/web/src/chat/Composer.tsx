import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Actor } from 'xstate';
import { FileTrigger, Form, Label, TextArea, TextField } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { conversationPreview, formatFileSize, messageKind } from '@sapa/sdk';
import { selectAttachmentStatus, selectCanSend, type composerMachine } from '@sapa/machines';
import type { AttachmentError } from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField as Field } from '../components/TextField.tsx';
import { ContactIcon, PaperclipIcon, PreviewGlyph, SendIcon } from '../components/icons.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useFieldError } from '../auth/useFieldError.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import * as css from './composer.css.ts';
import { visuallyHidden } from './chat.css.ts';

type ComposerActor = Actor<typeof composerMachine>;

function attachError(t: Translate, error: AttachmentError): string {
  if (error.reason === 'tooLarge')
    return t('chat.composer.tooLarge', { max: formatFileSize(error.maxBytes) });
  return t('chat.composer.attachFailed', { message: error.message });
}

/**
 * Writes and sends (composerMachine): Enter sends, Shift+Enter breaks the line; attach a file
 * (uploaded, then sent by its id with the text as caption), send a contact card, reply to a
 * message. While the 24-hour window is closed, nothing free-form can be sent and a notice says why.
 */
export function Composer({
  composer,
  inputRef,
}: {
  composer: ComposerActor;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const t = useT();
  const text = useSelector(composer, (snapshot) => snapshot.context.text);
  const windowOpen = useSelector(composer, (snapshot) => snapshot.context.windowOpen);
  const replyTo = useSelector(composer, (snapshot) => snapshot.context.replyTo);
  const canSend = useSelector(composer, selectCanSend);
  const attachment = useSelector(composer, selectAttachmentStatus);
  const file = useSelector(composer, (snapshot) => snapshot.context.file);
  const media = useSelector(composer, (snapshot) => snapshot.context.media);
  const error = useSelector(composer, (snapshot) => snapshot.context.attachError);
  const [contactOpen, setContactOpen] = useState(false);
  const busy = attachment === 'uploading' || attachment === 'describing';

  // Choosing Reply puts the cursor in the composer.
  const replyId = replyTo?.id ?? null;
  useEffect(() => {
    if (replyId !== null) inputRef.current?.focus();
  }, [replyId, inputRef]);

  const submit = () => composer.send({ type: 'composer.submit' });

  return (
    <>
      <Form
        className={css.composer}
        aria-label={t('chat.composer.label')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {windowOpen ? null : (
          <p className={css.closed} role="status">
            {t('chat.composer.windowClosed')}
          </p>
        )}
        {replyTo ? (
          <div className={css.chip} role="group" aria-label={t('chat.composer.replying')}>
            <PreviewGlyph kind={conversationPreview(replyTo).icon} />
            <span className={css.chipText}>
              {t('chat.composer.replyingTo', { text: conversationPreview(replyTo).text })}
            </span>
            <Button size="sm" tone="ghost" onPress={() => composer.send({ type: 'composer.cancelReply' })}>
              {t('chat.composer.cancelReply')}
            </Button>
          </div>
        ) : null}
        {file && attachment !== 'none' ? (
          <div
            className={error ? css.chipError : css.chip}
            role="group"
            aria-label={t('chat.composer.attachment')}
          >
            {media && messageKind(media.type) === 'image' ? (
              <img className={css.preview} src={media.url} alt="" />
            ) : null}
            <span className={css.chipText} title={file.name}>
              {file.name} · {formatFileSize(file.size)}
            </span>
            <span role="status">
              {busy ? t('chat.composer.uploading') : null}
              {attachment === 'attached' ? t('chat.composer.attached') : null}
              {error ? attachError(t, error) : null}
            </span>
            <Button
              size="sm"
              tone="ghost"
              onPress={() => composer.send({ type: 'composer.removeAttachment' })}
            >
              {t('chat.composer.removeAttachment')}
            </Button>
          </div>
        ) : null}
        <div className={css.row}>
          <FileTrigger
            onSelect={(files) => {
              const picked = files?.[0];
              if (picked) composer.send({ type: 'composer.attach', file: picked });
            }}
          >
            <Button tone="ghost" aria-label={t('chat.composer.attach')} isDisabled={!windowOpen}>
              <PaperclipIcon />
            </Button>
          </FileTrigger>
          <Button
            tone="ghost"
            aria-label={t('chat.composer.contact')}
            isDisabled={!windowOpen}
            onPress={() => setContactOpen(true)}
          >
            <ContactIcon />
          </Button>
          <TextField
            className={css.field}
            value={text}
            onChange={(value) => composer.send({ type: 'composer.type', text: value })}
            isDisabled={!windowOpen}
            aria-label={t('chat.composer.input')}
          >
            <Label className={visuallyHidden}>{t('chat.composer.input')}</Label>
            <TextArea
              ref={inputRef}
              className={css.textarea}
              rows={1}
              placeholder={windowOpen ? t('chat.composer.placeholder') : t('chat.composer.placeholderClosed')}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
                event.preventDefault();
                submit();
              }}
            />
          </TextField>
          <Button type="submit" aria-label={t('chat.composer.send')} isDisabled={!canSend}>
            <SendIcon />
          </Button>
        </div>
        <span className={css.hint} aria-hidden="true">
          {t('chat.composer.hint')}
        </span>
      </Form>
      <ContactCardDialog composer={composer} isOpen={contactOpen} onOpenChange={setContactOpen} />
    </>
  );
}

function ContactCardDialog({
  composer,
  isOpen,
  onOpenChange,
}: {
  composer: ComposerActor;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const errors = useSelector(composer, (snapshot) => snapshot.context.contactErrors);
  const sent = useSelector(composer, (snapshot) => snapshot.context.contactsSent);
  // A card went out: close, and start empty next time.
  const lastSent = useRef(sent);
  useEffect(() => {
    if (sent === lastSent.current) return;
    lastSent.current = sent;
    setName('');
    setPhone('');
    onOpenChange(false);
  }, [sent, onOpenChange]);
  const close = (open: boolean) => {
    if (!open) composer.send({ type: 'composer.closeContact' });
    onOpenChange(open);
  };
  return (
    <ModalDialog title={t('chat.contact.title')} isOpen={isOpen} onOpenChange={close}>
      <Form
        validationBehavior="aria"
        className={dialog.form}
        onSubmit={(event) => {
          event.preventDefault();
          composer.send({ type: 'composer.sendContact', name, phone });
        }}
      >
        <Field
          label={t('chat.contact.name')}
          value={name}
          onChange={setName}
          error={fieldError(errors.name)}
          autoFocus
        />
        <Field
          label={t('chat.contact.phone')}
          type="tel"
          value={phone}
          onChange={setPhone}
          placeholder={t('auth.phonePlaceholder')}
          error={fieldError(errors.phone)}
        />
        <div className={dialog.actions}>
          <Button tone="secondary" onPress={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('chat.contact.send')}</Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
