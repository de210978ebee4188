import { useState } from 'react';
import { Link } from 'wouter';
import {
  Input,
  Label,
  ListBox,
  ListBoxItem,
  TextField as AriaTextField,
  type Selection,
} from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { GalleryItem } from '@sapa/sdk';
import { selectShareStep } from '@sapa/machines/uploads';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';
import { button } from '../components/button.css.ts';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { visuallyHidden } from '../chat/chat.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { chatPath } from '../routes.ts';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/**
 * "Kirim ke chat": find a conversation (conversation_list, searched after a pause), choose it,
 * add an optional caption and send the file (message_send by its id). After the send, a link
 * to the conversation; after a failure, a retry that cannot send it twice.
 */
export function ShareDialog({
  actor,
  projectKey,
  file,
}: {
  actor: GalleryActor;
  projectKey: string;
  file: GalleryItem;
}) {
  const t = useT();
  const step = useSelector(actor, selectShareStep);
  const share = useSelector(actor, (snapshot) => snapshot.context.share);
  const close = () => actor.send({ type: 'share.close' });
  return (
    <ModalDialog
      title={t('gallery.sendTitle', { name: file.filename })}
      isOpen
      size="lg"
      onOpenChange={(open) => (open || step === 'sending' ? null : close())}
    >
      {step === 'sent' ? (
        <>
          <p role="status">{t('gallery.sent', { name: share.chosen?.customer.name ?? '' })}</p>
          <div className={dialog.actions}>
            <Button tone="secondary" onPress={close}>
              {t('common.close')}
            </Button>
            {share.chosen ? (
              <Link
                className={`${button({ tone: 'primary' })} ${css.linkButton}`}
                href={chatPath(projectKey, share.chosen.id)}
                data-testid="gallery-open-chat"
              >
                {t('gallery.openChat')}
              </Link>
            ) : null}
          </div>
        </>
      ) : step === 'sendFailed' ? (
        <>
          <FormError message={t('gallery.sendFailed', { message: share.sendError?.message ?? '' })} />
          <div className={dialog.actions}>
            <Button tone="ghost" onPress={() => actor.send({ type: 'share.back' })}>
              {t('common.back')}
            </Button>
            <Button tone="secondary" onPress={close}>
              {t('common.cancel')}
            </Button>
            <Button data-testid="gallery-send-retry" onPress={() => actor.send({ type: 'share.retry' })}>
              {t('common.retry')}
            </Button>
          </div>
        </>
      ) : (
        <Picker actor={actor} onCancel={close} />
      )}
    </ModalDialog>
  );
}

/** The search, the conversations found, the caption and the send button. */
function Picker({ actor, onCancel }: { actor: GalleryActor; onCancel(): void }) {
  const t = useT();
  const step = useSelector(actor, selectShareStep);
  const share = useSelector(actor, (snapshot) => snapshot.context.share);
  const [search, setSearch] = useState(share.searchText);
  const [caption, setCaption] = useState(share.caption);
  const sending = step === 'sending';
  const choose = (keys: Selection) => {
    if (keys === 'all') return;
    const [id] = [...keys];
    if (id !== undefined) actor.send({ type: 'share.choose', conversationId: String(id) });
  };
  return (
    <>
      <AriaTextField
        value={search}
        onChange={(text) => {
          setSearch(text);
          actor.send({ type: 'share.search', text });
        }}
        aria-label={t('chat.list.search')}
        isDisabled={sending}
        autoFocus
      >
        <Label className={visuallyHidden}>{t('chat.list.search')}</Label>
        <Input type="search" className={css.pickerSearch} placeholder={t('chat.list.searchPlaceholder')} />
      </AriaTextField>
      {step === 'loading' ? <Spinner label={t('chat.list.loading')} /> : null}
      {step === 'failed' ? (
        <div className={css.state} role="alert">
          <p className={css.muted}>{t('chat.list.failed', { message: share.error?.message ?? '' })}</p>
          <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'share.retry' })}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {step === 'picking' || step === 'sending' ? (
        <ListBox
          aria-label={t('gallery.conversations')}
          className={css.conversations}
          items={share.conversations}
          selectionMode="single"
          selectedKeys={share.chosen ? [share.chosen.id] : []}
          onSelectionChange={choose}
          disabledKeys={sending ? share.conversations.map((conversation) => conversation.id) : []}
          renderEmptyState={() => <p className={css.muted}>{t('chat.list.empty')}</p>}
        >
          {(conversation) => (
            <ListBoxItem
              id={conversation.id}
              textValue={conversation.customer.name}
              className={css.conversation({ disabled: sending })}
              data-testid="gallery-conversation"
              data-id={conversation.id}
            >
              <span className={css.conversationName}>{conversation.customer.name}</span>
              <span className={css.meta}>{conversation.customer.phone}</span>
            </ListBoxItem>
          )}
        </ListBox>
      ) : null}
      <TextField label={t('gallery.caption')} value={caption} onChange={setCaption} isDisabled={sending} />
      <div className={dialog.actions}>
        <Button tone="secondary" isDisabled={sending} onPress={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          data-testid="gallery-send-confirm"
          isDisabled={share.chosen === null || step !== 'picking'}
          onPress={() => actor.send({ type: 'share.send', caption })}
        >
          {sending ? t('gallery.sending') : t('chat.composer.send')}
        </Button>
      </div>
    </>
  );
}
