import { useSelector } from '@xstate/react';
import { RECORD_NAME_MAX } from '@sapa/sdk';
import { selectLabelForm } from '@sapa/machines/crm';
import { useFieldError } from '../auth/useFieldError.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { NameColorFormDialog } from '../crm/NameColorFormDialog.tsx';
import { LabelChip } from './LabelChip.tsx';
import { paletteColors } from './labelColor.ts';
import type { LabelsActor } from './types.ts';

/**
 * "Tambah label" or "Ubah label": the name, and the colour picked from the palette or typed as
 * `#rrggbb`, with a preview. The machine checks and saves; each field shows its error, the
 * server's included (a name another label has). The dialog closes once the save went through.
 */
export function LabelFormDialog({ actor }: { actor: LabelsActor }) {
  const t = useT();
  const fieldError = useFieldError();
  const form = useSelector(actor, selectLabelForm);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const saveError = useSelector(actor, (snapshot) => snapshot.context.saveError);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  if (form === null) return null;
  return (
    <NameColorFormDialog
      title={form.id === null ? t('labels.form.addTitle') : t('labels.form.editTitle')}
      testId="label-form"
      saveTestId="label-save"
      name={{
        label: t('labels.form.name'),
        value: form.name,
        onChange: (name) => actor.send({ type: 'labels.name', name }),
        error: fieldError(errors.name),
        maxLength: RECORD_NAME_MAX,
      }}
      color={{
        label: t('labels.form.color'),
        hexLabel: t('labels.form.hex'),
        value: form.color,
        onChange: (color) => actor.send({ type: 'labels.color', color }),
        palette: paletteColors.map((color) => ({ value: color.value, name: t(color.name) })),
        error: fieldError(errors.color),
        swatchTestId: 'label-color',
      }}
      preview={{
        label: t('labels.form.preview'),
        node: <LabelChip name={form.name.trim() || t('labels.form.name')} color={form.color} />,
      }}
      formError={saveError ? t('labels.form.failed', { message: saveError.message }) : null}
      saving={saving}
      savingText={t('labels.form.saving')}
      onSubmit={() => actor.send({ type: 'labels.submit' })}
      onCancel={() => actor.send({ type: 'labels.cancel' })}
    />
  );
}
