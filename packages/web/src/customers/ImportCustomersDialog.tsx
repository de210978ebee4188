import { FileTrigger } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CustomerImport, ImportProblem, MessageKey } from '@sapa/sdk';
import {
  selectCustomerImport,
  selectImportProblems,
  selectImportStep,
  type customerImportMachine,
} from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { errorText, type CustomersActor } from './types.ts';
import * as css from './customers.css.ts';

type ImportActor = ActorRefFrom<typeof customerImportMachine>;

/** How many problems are listed; the rest are counted. */
const PROBLEMS_SHOWN = 100;

const fieldNames: Record<string, MessageKey> = {
  name: 'customers.import.field.name',
  phone: 'customers.import.field.phone',
  file: 'customers.import.field.file',
  header: 'customers.import.field.header',
};

/**
 * "Impor CSV": pick a file; the server reads and checks it without storing anything (the first
 * rows, how many are good, every problem with its line and field); "Impor" then stores the good
 * rows and the result says what was created and updated and which rows were not taken.
 */
export function ImportCustomersDialog({ actor }: { actor: CustomersActor }) {
  const importer = useSelector(actor, selectCustomerImport);
  return importer === undefined ? null : <ImportDialog importer={importer} />;
}

function ImportDialog({ importer }: { importer: ImportActor }) {
  const t = useT();
  const step = useSelector(importer, selectImportStep);
  const file = useSelector(importer, (snapshot) => snapshot.context.file);
  const preview = useSelector(importer, (snapshot) => snapshot.context.preview);
  const result = useSelector(importer, (snapshot) => snapshot.context.result);
  const error = useSelector(importer, (snapshot) => snapshot.context.error);
  const problems = useSelector(importer, selectImportProblems);
  const busy = useSelector(importer, (snapshot) => snapshot.hasTag('busy'));
  const close = () => importer.send({ type: step === 'done' ? 'import.close' : 'import.cancel' });
  const picker = (label: MessageKey, tone: 'primary' | 'secondary') => (
    <FileTrigger
      acceptedFileTypes={['.csv', 'text/csv']}
      onSelect={(files) => {
        const picked = files?.[0];
        if (picked) importer.send({ type: 'import.pick', file: picked });
      }}
    >
      <Button tone={tone} isDisabled={busy} data-testid="customer-import-pick">
        {t(label)}
      </Button>
    </FileTrigger>
  );
  return (
    <ModalDialog
      title={t('customers.import.title')}
      isOpen
      size="lg"
      onOpenChange={(open) => (open || busy ? null : close())}
    >
      <div data-testid="customer-import-dialog" data-step={step} className={dialog.form}>
        {step === 'choosing' ? (
          <>
            <p className={css.muted}>{t('customers.import.help')}</p>
            {file !== null ? (
              <p className={css.muted}>{t('customers.import.file', { name: file.name })}</p>
            ) : null}
            <FormError message={error ? errorText(t, error) : null} />
            <div className={dialog.actions}>
              <Button tone="secondary" onPress={close}>
                {t('common.cancel')}
              </Button>
              {picker('customers.import.pick', 'primary')}
            </div>
          </>
        ) : null}
        {step === 'reading' || step === 'previewing' ? (
          <Spinner
            label={t(step === 'reading' ? 'customers.import.reading' : 'customers.import.previewing')}
          />
        ) : null}
        {(step === 'previewed' || step === 'importing') && preview !== null ? (
          <>
            {file !== null ? (
              <p className={css.muted}>{t('customers.import.file', { name: file.name })}</p>
            ) : null}
            <p className={css.summary} data-testid="customer-import-summary">
              {t('customers.import.summary', {
                imported: preview.imported,
                problems: preview.problems.length,
              })}
            </p>
            <PreviewRows rows={preview.preview} />
            <Problems t={t} title={t('customers.import.problems')} problems={problems} />
            {preview.imported === 0 ? <p className={css.muted}>{t('customers.import.nothing')}</p> : null}
            <FormError
              message={error ? t('customers.import.failed', { message: errorText(t, error) ?? '' }) : null}
            />
            {step === 'importing' ? <Spinner label={t('customers.import.importing')} /> : null}
            <div className={dialog.actions}>
              <Button tone="secondary" isDisabled={busy} onPress={close}>
                {t('common.cancel')}
              </Button>
              {picker('customers.import.pickAnother', 'secondary')}
              <Button
                isDisabled={busy || preview.imported === 0}
                data-testid="customer-import-confirm"
                onPress={() => importer.send({ type: 'import.confirm' })}
              >
                {t('customers.import.confirm', { count: preview.imported })}
              </Button>
            </div>
          </>
        ) : null}
        {step === 'done' && result !== null ? <ImportResult t={t} result={result} onClose={close} /> : null}
      </div>
    </ModalDialog>
  );
}

/** The first rows as the server read them. */
function PreviewRows({ rows }: { rows: CustomerImport['preview'] }) {
  const t = useT();
  if (rows.length === 0) return null;
  return (
    <div className={css.previewFrame}>
      <table className={css.previewTable} aria-label={t('customers.import.previewTable')}>
        <thead>
          <tr>
            <th className={css.previewCell}>{t('customers.column.name')}</th>
            <th className={css.previewCell}>{t('customers.column.phone')}</th>
            <th className={css.previewCell}>{t('customers.import.column.notes')}</th>
            <th className={css.previewCell}>{t('customers.import.column.fields')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.phone} data-testid="customer-import-row">
              <td className={css.previewCell}>{row.name}</td>
              <td className={css.previewCell}>{row.phone}</td>
              <td className={css.previewCell}>{row.notes}</td>
              <td className={css.previewCell}>
                {Object.entries(row.customFields)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each problem by line and field (the first hundred; the rest are counted). */
function Problems({ t, title, problems }: { t: Translate; title: string; problems: ImportProblem[] }) {
  if (problems.length === 0) return <p className={css.muted}>{t('customers.import.noProblems')}</p>;
  const hidden = problems.length - PROBLEMS_SHOWN;
  return (
    <section aria-label={title}>
      <h3 className={css.sectionTitle}>{title}</h3>
      <ul className={css.problems}>
        {problems.slice(0, PROBLEMS_SHOWN).map((problem) => {
          const fieldName = fieldNames[problem.field];
          return (
            <li
              key={`${problem.line}-${problem.field}`}
              data-testid="customer-import-problem"
              data-line={problem.line}
            >
              {t('customers.import.problem', {
                line: problem.line,
                field: fieldName === undefined ? problem.field : t(fieldName),
                message: problem.message,
              })}
            </li>
          );
        })}
      </ul>
      {hidden > 0 ? (
        <p className={css.muted}>{t('customers.import.moreProblems', { count: hidden })}</p>
      ) : null}
    </section>
  );
}

function ImportResult({ t, result, onClose }: { t: Translate; result: CustomerImport; onClose(): void }) {
  return (
    <>
      <p className={css.summary} role="status" data-testid="customer-import-result">
        {t('customers.import.done', {
          imported: result.imported,
          created: result.created,
          updated: result.updated,
        })}
      </p>
      {result.problems.length > 0 ? (
        <Problems
          t={t}
          title={t('customers.import.doneProblems', { count: result.problems.length })}
          problems={result.problems}
        />
      ) : null}
      <div className={dialog.actions}>
        <Button data-testid="customer-import-close" onPress={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </>
  );
}
