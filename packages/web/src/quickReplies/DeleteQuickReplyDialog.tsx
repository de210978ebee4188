import { useSelector } from '@xstate/react';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { QuickReplyActor } from './types.ts';
import * as css from './quickReplies.css.ts';

/** Asks before a quick reply goes (quick_reply_delete); a refusal stays shown for a retry. */
export function DeleteQuickReplyDialog({ actor }: { actor: QuickReplyActor }) {
  const t = useT();
  const target = useSelector(actor, (snapshot) => snapshot.context.deleteTarget);
  const error = useSelector(actor, (snapshot) => snapshot.context.deleteError);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('deleting'));
  const cancel = () => actor.send({ type: 'quickReply.cancel' });
  return (
    <ModalDialog
      title={t('quickReply.deleteTitle', { shortcut: target?.shortcut ?? '' })}
      isOpen
      onOpenChange={(open) => (open || busy ? null : cancel())}
    >
      <p className={css.muted}>{t('quickReply.deleteBody')}</p>
      <FormError message={error ? t('quickReply.deleteFailed', { message: error.message }) : null} />
      <div className={dialog.actions}>
        <Button tone="secondary" isDisabled={busy} onPress={cancel}>
          {t('common.cancel')}
        </Button>
        <Button
          data-testid="quick-reply-delete-confirm"
          isDisabled={busy}
          onPress={() => actor.send({ type: 'quickReply.confirmDelete' })}
        >
          {t('quickReply.delete')}
        </Button>
      </div>
    </ModalDialog>
  );
}
