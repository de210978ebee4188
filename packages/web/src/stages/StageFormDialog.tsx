import { RECORD_NAME_MAX } from '@sapa/sdk';
import { stagePalette } from '@sapa/machines/crm';
import { useT } from '../i18n/I18nProvider.tsx';
import { ColorChip } from '../crm/ColorChip.tsx';
import { useNameColorForm } from '../crm/crudDialogs.tsx';
import { NameColorFormDialog } from '../crm/NameColorFormDialog.tsx';
import type { StagesActor } from './types.ts';

/**
 * "Tambah tahap" or "Ubah tahap": the name, and the colour picked from the palette or typed as
 * `#rrggbb`, with a preview. The machine checks and saves; each field shows its error, the
 * server's included (a name another stage has). The dialog closes once the save went through.
 */
export function StageFormDialog({ actor }: { actor: StagesActor }) {
  const t = useT();
  const form = useNameColorForm(actor, 'stages');
  return (
    <NameColorFormDialog
      title={form.isNew ? t('stages.form.addTitle') : t('stages.form.editTitle')}
      testId="stage-form"
      saveTestId="stage-save"
      name={{ ...form.name, label: t('stages.form.name'), maxLength: RECORD_NAME_MAX }}
      color={{
        ...form.color,
        label: t('stages.form.color'),
        hexLabel: t('stages.form.hex'),
        palette: stagePalette.map((color) => ({ value: color, name: t('stages.form.swatch', { color }) })),
        swatchTestId: 'stage-color',
      }}
      preview={{
        label: t('forms.preview'),
        node: <ColorChip name={form.draft.name.trim() || t('stages.form.name')} color={form.draft.color} />,
      }}
      formError={form.saveError ? t('stages.form.failed', { message: form.saveError.message }) : null}
      saving={form.saving}
      savingText={t('stages.saving')}
      onSubmit={form.onSubmit}
      onCancel={form.onCancel}
    />
  );
}
