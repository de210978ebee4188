import { useEffect, useState, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FileTrigger, Form, Label, TextArea, TextField } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { CHAT_MAX_ATTACHMENTS, conversationPreview } from '@sapa/sdk';
import {
  selectCanAttach,
  selectCanSend,
  selectComposerMode,
  selectHasDraft,
  selectWindowLeft,
  type composerMachine,
  type WindowLeft,
} from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import {
  ContactIcon,
  ImageIcon,
  PaperclipIcon,
  PreviewGlyph,
  SendIcon,
  TemplateIcon,
} from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { QueueActor } from '../uploads/pondView.ts';
import { sourcesFromFiles, sourcesFromTransfer } from '../uploads/sources.ts';
import { AttachmentTray } from './AttachmentTray.tsx';
import { ContactCardDialog } from './LazyContactCardDialog.tsx';
import { GalleryPicker } from './LazyGalleryPicker.tsx';
import { QuickReplyMenu, useQuickReplyMenu, type QuickReplyCustomer } from './QuickReplyMenu.tsx';
import * as css from './composer.css.ts';
import { visuallyHidden } from './chat.css.ts';

type ComposerActor = ActorRefFrom<typeof composerMachine>;

/**
 * Writes and sends (composerMachine): Enter sends, Shift+Enter breaks the line; files go in the
 * attachment tray (browse, paste into the text box, drop on the thread, or pick from the
 * gallery), each with its own caption; a contact card; a reply to a message; `/` at the start
 * opens the project's quick replies (QuickReplyMenu); a template from the picker
 * (`onPickTemplate`). The composer machine decides what it offers (`selectComposerMode`): while
 * the 24-hour window is open it counts down; once it is closed the text box gives way to the
 * template picker (what was written waits for the customer's reply); a conversation whose number
 * was deleted is read-only.
 */
export function Composer({
  composer,
  tray,
  projectKey,
  customer,
  inputRef,
  onPickTemplate,
}: {
  composer: ComposerActor;
  tray: QueueActor;
  projectKey: string;
  /** Whom the quick replies' placeholders are filled for. */
  customer: QuickReplyCustomer;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Opens the template picker of the conversation. */
  onPickTemplate(): void;
}) {
  const t = useT();
  const mode = useSelector(composer, selectComposerMode);
  const left = useSelector(composer, selectWindowLeft, sameLeft);
  const hasDraft = useSelector(composer, selectHasDraft);
  const text = useSelector(composer, (snapshot) => snapshot.context.text);
  const replyTo = useSelector(composer, (snapshot) => snapshot.context.replyTo);
  const canSend = useSelector(composer, selectCanSend);
  const canAttach = useSelector(composer, selectCanAttach);
  const attached = useSelector(composer, (snapshot) => snapshot.context.attachments.length);
  const [contactOpen, setContactOpen] = useState(false);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const quickReplies = useQuickReplyMenu(composer, projectKey, customer);

  // Choosing Reply puts the cursor in the composer.
  const replyId = replyTo?.id ?? null;
  useEffect(() => {
    if (replyId !== null) inputRef.current?.focus();
  }, [replyId, inputRef]);

  const submit = () => composer.send({ type: 'composer.submit' });

  if (mode === 'readOnly')
    return (
      <section className={css.composer} aria-label={t('chat.composer.label')}>
        <p className={css.closed} role="status" data-testid="composer-number-deleted">
          {t('outreach.window.readOnly')}
        </p>
      </section>
    );
  if (mode === 'templates')
    return (
      <section
        className={css.composer}
        aria-label={t('chat.composer.label')}
        data-testid="composer-window-closed"
      >
        <p className={css.closed} role="status">
          {t('outreach.window.closed')}
          {hasDraft ? ` ${t('outreach.window.draftKept')}` : ''}
        </p>
        <div className={css.templateRow}>
          <Button onPress={onPickTemplate}>
            <TemplateIcon />
            {t('outreach.window.pickTemplate')}
          </Button>
        </div>
      </section>
    );
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
        <div className={css.windowRow}>
          {left === null ? null : (
            <p className={css.windowLeft({ soon: left.soon })} data-testid="composer-window-left">
              {left.hours === 0
                ? t('outreach.window.leftSoon', { minutes: left.minutes })
                : t('outreach.window.left', { hours: left.hours, minutes: left.minutes })}
            </p>
          )}
          <Button
            size="sm"
            tone="ghost"
            aria-label={t('outreach.composer.template')}
            onPress={onPickTemplate}
          >
            <TemplateIcon />
            {t('outreach.composer.templateShort')}
          </Button>
        </div>
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
        <AttachmentTray composer={composer} tray={tray} />
        <QuickReplyMenu binding={quickReplies} />
        <div className={css.row}>
          <FileTrigger
            allowsMultiple
            onSelect={(files) =>
              composer.send({ type: 'composer.attachFiles', sources: sourcesFromFiles(files) })
            }
          >
            <Button tone="ghost" aria-label={t('chat.composer.attach')} isDisabled={!canAttach}>
              <PaperclipIcon />
            </Button>
          </FileTrigger>
          <Button
            tone="ghost"
            aria-label={t('chat.composer.gallery')}
            isDisabled={!canAttach || attached >= CHAT_MAX_ATTACHMENTS}
            onPress={() => setGalleryOpen(true)}
          >
            <ImageIcon />
          </Button>
          <Button tone="ghost" aria-label={t('chat.composer.contact')} onPress={() => setContactOpen(true)}>
            <ContactIcon />
          </Button>
          <TextField
            className={css.field}
            value={text}
            onChange={(value) => composer.send({ type: 'composer.type', text: value })}
            aria-label={t('chat.composer.input')}
          >
            <Label className={visuallyHidden}>{t('chat.composer.input')}</Label>
            <TextArea
              ref={inputRef}
              className={css.textarea}
              rows={1}
              placeholder={t('chat.composer.placeholder')}
              aria-autocomplete="list"
              aria-controls={quickReplies.listed ? quickReplies.listId : undefined}
              aria-activedescendant={quickReplies.activeId ?? undefined}
              onPaste={(event) => {
                // Pasted files (a screenshot) go in the tray; pasted text stays text.
                const sources = sourcesFromTransfer(event.clipboardData);
                if (sources.length === 0) return;
                event.preventDefault();
                composer.send({ type: 'composer.attachFiles', sources });
              }}
              onKeyDown={(event) => {
                if (quickReplies.onKeyDown(event)) return;
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
      <GalleryPicker
        projectKey={projectKey}
        isOpen={galleryOpen}
        onOpenChange={setGalleryOpen}
        limit={CHAT_MAX_ATTACHMENTS - attached}
        onPick={(items) => composer.send({ type: 'composer.pickGallery', items })}
      />
    </>
  );
}

/** The countdown re-renders when what it shows changes, not on every tick's new object. */
function sameLeft(a: WindowLeft | null, b: WindowLeft | null): boolean {
  return (
    a === b ||
    (a !== null && b !== null && a.hours === b.hours && a.minutes === b.minutes && a.soon === b.soon)
  );
}
