import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectOpenPicker, type openConversationMachine } from '@sapa/machines/inbox';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { TemplatePickerView } from './TemplatePickerView.tsx';

type OpenActor = ActorRefFrom<typeof openConversationMachine>;

/**
 * The open conversation's template picker (`open.pickTemplate` opens it, `open.closePicker`
 * closes it; it closes by itself once the template went and its message is in the thread).
 */
export function TemplatePickerDialog({ open, projectKey }: { open: OpenActor; projectKey: string }) {
  const t = useT();
  const picker = useSelector(open, selectOpenPicker);
  const close = () => open.send({ type: 'open.closePicker' });
  return (
    <ModalDialog
      title={t('outreach.picker.title')}
      isOpen={picker !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      size="xl"
    >
      {picker === null ? null : (
        <TemplatePickerView picker={picker} projectKey={projectKey} onCancel={close} />
      )}
    </ModalDialog>
  );
}
