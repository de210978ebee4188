import {
  Autocomplete,
  Dialog,
  DialogTrigger,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
} from 'react-aria-components';
import type { Actor } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import {
  customerLabelsMachine,
  labelPermissions,
  selectCustomerLabels,
  selectCustomerLabelsStatus,
  selectPickableLabels,
  selectPickerStatus,
} from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { LabelChip, LabelSwatch } from '../labels/LabelChip.tsx';
import * as css from './customerLabels.css.ts';

type CustomerLabelsActor = Actor<typeof customerLabelsMachine>;

/**
 * The customer's labels as coloured chips (customerLabelsMachine, loaded as the conversation
 * opens). With `crm.chat.add_label`: "+ Label" opens a searchable picker of the project's labels
 * to attach one, and each chip has a remove button.
 */
export function CustomerLabels({ projectKey, customerId }: { projectKey: string; customerId: string }) {
  const { project } = useProject();
  const may = project === null ? null : labelPermissions(project.permissions);
  if (may === null || !may.seeOnCustomer) return null;
  return <Labels key={customerId} projectKey={projectKey} customerId={customerId} canAttach={may.attach} />;
}

function Labels({
  projectKey,
  customerId,
  canAttach,
}: {
  projectKey: string;
  customerId: string;
  canAttach: boolean;
}) {
  const t = useT();
  const { client } = useRuntime();
  const actor = useActorRef(customerLabelsMachine, { input: { client, key: projectKey, customerId } });
  const status = useSelector(actor, selectCustomerLabelsStatus);
  const labels = useSelector(actor, selectCustomerLabels);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const changing = useSelector(actor, (snapshot) => snapshot.hasTag('changing'));
  const changeError = useSelector(actor, (snapshot) => snapshot.context.changeError);
  return (
    <section className={css.section} aria-labelledby="customer-labels-title" data-testid="customer-labels">
      <div className={css.head}>
        <h3 id="customer-labels-title" className={css.title}>
          {t('chat.labels.title')}
        </h3>
        {canAttach && status === 'ready' ? <LabelPicker actor={actor} /> : null}
      </div>
      {status === 'loading' ? <Spinner label={t('chat.labels.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.row} role="alert">
          <p className={css.error}>{t('chat.labels.failed', { message: error?.message ?? '' })}</p>
          <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'customerLabels.retry' })}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {status === 'ready' && labels.length === 0 ? (
        <p className={css.muted}>{t('chat.labels.none')}</p>
      ) : null}
      {status === 'ready' && labels.length > 0 ? (
        <ul className={css.chips} aria-labelledby="customer-labels-title">
          {labels.map((label) => (
            <li key={label.id} className={css.chipItem}>
              <LabelChip
                name={label.name}
                color={label.color}
                testId="customer-label"
                labelId={label.id}
                remove={
                  canAttach
                    ? {
                        label: t('chat.labels.remove', { name: label.name }),
                        onPress: () => actor.send({ type: 'customerLabels.detach', labelId: label.id }),
                        isDisabled: changing,
                      }
                    : null
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {changeError ? (
        <div className={css.row} role="alert">
          <p className={css.error}>{t('chat.labels.changeFailed', { message: changeError.message })}</p>
          <Button size="sm" tone="ghost" onPress={() => actor.send({ type: 'customerLabels.dismiss' })}>
            {t('common.close')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** "+ Label": the project's labels the customer lacks, searched as the agent types; Enter or a click attaches one. */
function LabelPicker({ actor }: { actor: CustomerLabelsActor }) {
  const t = useT();
  const status = useSelector(actor, selectPickerStatus);
  const options = useSelector(actor, selectPickableLabels);
  const search = useSelector(actor, (snapshot) => snapshot.context.search);
  const changing = useSelector(actor, (snapshot) => snapshot.hasTag('changing'));
  const optionsError = useSelector(actor, (snapshot) => snapshot.context.optionsError);
  return (
    <DialogTrigger
      isOpen={status !== 'closed'}
      onOpenChange={(open) => actor.send({ type: open ? 'picker.open' : 'picker.close' })}
    >
      <Button
        size="sm"
        tone="secondary"
        aria-label={t('chat.labels.addLabel')}
        data-testid="customer-label-add"
      >
        {t('chat.labels.add')}
      </Button>
      <Popover className={css.popover} placement="bottom end">
        <Dialog className={css.picker} aria-label={t('chat.labels.picker')}>
          {status === 'loading' ? <Spinner label={t('chat.labels.optionsLoading')} /> : null}
          {status === 'failed' ? (
            <div role="alert">
              <p className={css.error}>
                {t('chat.labels.optionsFailed', { message: optionsError?.message ?? '' })}
              </p>
              <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'picker.retry' })}>
                {t('common.retry')}
              </Button>
            </div>
          ) : null}
          {status === 'picking' ? (
            <Autocomplete
              inputValue={search}
              onInputChange={(text) => actor.send({ type: 'picker.search', text })}
            >
              <SearchField aria-label={t('chat.labels.search')} autoFocus>
                <Input className={css.search} placeholder={t('chat.labels.search')} />
              </SearchField>
              <ListBox
                className={css.options}
                aria-label={t('chat.labels.options')}
                items={options}
                disabledKeys={changing ? options.map((label) => label.id) : []}
                onAction={(key) => actor.send({ type: 'customerLabels.attach', labelId: String(key) })}
                renderEmptyState={() => <p className={css.empty}>{t('chat.labels.noOptions')}</p>}
              >
                {(label) => (
                  <ListBoxItem
                    id={label.id}
                    textValue={label.name}
                    className={css.option}
                    data-testid="label-option"
                    data-label-id={label.id}
                  >
                    <LabelSwatch color={label.color} />
                    {label.name}
                  </ListBoxItem>
                )}
              </ListBox>
            </Autocomplete>
          ) : null}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
