import type { Actor } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import {
  customerLabelsMachine,
  labelPermissions,
  mayCreateCustomerLabels,
  selectCustomerLabels,
  selectCreatableLabel,
  selectCustomerLabelsStatus,
  selectPickableLabels,
  selectPickerStatus,
} from '@sapa/machines/crm';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { LabelChip, LabelSwatch } from '../labels/LabelChip.tsx';
import * as choice from '../crm/choice.css.ts';
import { PickListStates } from '../crm/PickListStates.tsx';
import { SearchPicker } from '../crm/SearchPicker.tsx';
import * as css from './customerLabels.css.ts';

type CustomerLabelsActor = Actor<typeof customerLabelsMachine>;

/**
 * The customer's labels as coloured chips (customerLabelsMachine, loaded as the conversation
 * opens). With `crm.chat.add_label`: "+ Label" opens a searchable picker of the project's labels
 * to attach one (with `crm.label.add` too, a search no label is named offers "Create label “…”"),
 * and each chip has a remove button.
 */
export function CustomerLabels({ projectKey, customerId }: { projectKey: string; customerId: string }) {
  const { project } = useProject();
  const may = project === null ? null : labelPermissions(project.permissions);
  if (may === null || !may.seeOnCustomer) return null;
  return (
    <Labels
      key={customerId}
      projectKey={projectKey}
      customerId={customerId}
      canAttach={may.attach}
      canCreate={mayCreateCustomerLabels(project?.permissions ?? [])}
    />
  );
}

function Labels({
  projectKey,
  customerId,
  canAttach,
  canCreate,
}: {
  projectKey: string;
  customerId: string;
  canAttach: boolean;
  canCreate: boolean;
}) {
  const t = useT();
  const { client } = useRuntime();
  const actor = useActorRef(customerLabelsMachine, {
    input: { client, key: projectKey, customerId, canCreate },
  });
  const status = useSelector(actor, selectCustomerLabelsStatus);
  const labels = useSelector(actor, selectCustomerLabels);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const changing = useSelector(actor, (snapshot) => snapshot.hasTag('changing'));
  const changeError = useSelector(actor, (snapshot) => snapshot.context.changeError);
  return (
    <section className={choice.section} aria-labelledby="customer-labels-title" data-testid="customer-labels">
      <div className={choice.head}>
        <h3 id="customer-labels-title" className={choice.title}>
          {t('chat.labels.title')}
        </h3>
        {canAttach && status === 'ready' ? <LabelPicker actor={actor} /> : null}
      </div>
      <PickListStates
        status={status}
        isEmpty={labels.length === 0}
        texts={{
          loading: t('chat.labels.loading'),
          failed: t('chat.labels.failed', { message: error?.message ?? '' }),
          empty: t('chat.labels.none'),
          changeFailed: changeError ? t('chat.labels.changeFailed', { message: changeError.message }) : null,
        }}
        onRetry={() => actor.send({ type: 'customerLabels.retry' })}
        onDismiss={() => actor.send({ type: 'customerLabels.dismiss' })}
      >
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
      </PickListStates>
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
  const creatable = useSelector(actor, selectCreatableLabel);
  return (
    <SearchPicker
      status={status}
      options={options}
      search={search}
      busy={changing}
      texts={{
        trigger: t('chat.labels.add'),
        triggerLabel: t('chat.labels.addLabel'),
        picker: t('chat.labels.picker'),
        options: t('chat.labels.options'),
        loading: t('chat.labels.optionsLoading'),
        failed: t('chat.labels.optionsFailed', { message: optionsError?.message ?? '' }),
        search: t('chat.labels.search'),
        empty: t('chat.labels.noOptions'),
      }}
      triggerTestId="customer-label-add"
      optionTestId="label-option"
      onOpenChange={(open) => actor.send({ type: open ? 'picker.open' : 'picker.close' })}
      onRetry={() => actor.send({ type: 'picker.retry' })}
      onSearch={(text) => actor.send({ type: 'picker.search', text })}
      onPick={(labelId) => actor.send({ type: 'customerLabels.attach', labelId })}
      create={
        creatable === null
          ? null
          : {
              text: t('chat.labels.create', { name: creatable }),
              testId: 'label-create',
              onCreate: () => actor.send({ type: 'customerLabels.create' }),
            }
      }
      renderOption={(label) => (
        <>
          <LabelSwatch color={label.color} />
          {label.name}
        </>
      )}
    />
  );
}
