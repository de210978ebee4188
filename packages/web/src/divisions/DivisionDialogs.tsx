import { RECORD_NAME_MAX } from '@sapa/sdk';
import { ColorChip } from '../crm/ColorChip.tsx';
import { useNameColorForm } from '../crm/crudDialogs.tsx';
import { NameColorFormDialog } from '../crm/NameColorFormDialog.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { divisionColors } from './palette.ts';
import type { DivisionsActor } from './types.ts';

/**
 * "Tambah divisi" or "Ubah divisi": the name, and the colour picked from the palette or typed as
 * `#rrggbb`, with a preview. The machine checks and saves; each field shows its error, the
 * server's included (a name another division has). The dialog closes once the save went through.
 */
export function DivisionFormDialog({ actor }: { actor: DivisionsActor }) {
  const t = useT();
  const form = useNameColorForm(actor, 'divisions');
  return (
    <NameColorFormDialog
      title={form.isNew ? t('divisions.form.addTitle') : t('divisions.form.editTitle')}
      testId="division-form"
      saveTestId="division-save"
      name={{ ...form.name, label: t('divisions.form.name'), maxLength: RECORD_NAME_MAX }}
      color={{
        ...form.color,
        label: t('divisions.form.color'),
        hexLabel: t('divisions.form.hex'),
        palette: divisionColors.map((color) => ({ value: color.value, name: t(color.name) })),
        swatchTestId: 'division-color',
      }}
      preview={{
        label: t('divisions.form.preview'),
        node: (
          <ColorChip name={form.draft.name.trim() || t('divisions.form.name')} color={form.draft.color} />
        ),
      }}
      formError={form.saveError ? t('divisions.form.failed', { message: form.saveError.message }) : null}
      saving={form.saving}
      savingText={t('divisions.form.saving')}
      onSubmit={form.onSubmit}
      onCancel={form.onCancel}
    />
  );
}
