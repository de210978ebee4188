import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Form } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { composerMachine } from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField as Field } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useFieldError } from '../auth/useFieldError.ts';
import { useT } from '../i18n/I18nProvider.tsx';

type ComposerActor = ActorRefFrom<typeof composerMachine>;

/** Sends a contact card (name and phone) from the composer; closes once one went out. */
export function ContactCardDialog({
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
