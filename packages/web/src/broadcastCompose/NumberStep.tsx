import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import {
  selectComposerAccountId,
  selectComposerAccounts,
  selectComposerEditable,
  selectComposerFieldErrors,
  selectComposerTemplate,
  selectComposerTemplates,
  selectComposerTemplatesError,
  selectComposerTemplatesStatus,
  selectTemplateSample,
} from '@sapa/machines/broadcast';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { TemplateOption } from '../outreach/TemplatePickerView.tsx';
import { TemplatePreview } from '../outreach/TemplatePreview.tsx';
import * as picker from '../outreach/outreach.css.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';
import { fieldErrorText, type ComposerActor } from './types.ts';
import * as css from './composer.css.ts';

/** Step 1: one of the project's numbers, then one of its approved templates, with its preview. */
export function NumberStep({ actor, title, footer }: StepProps) {
  const t = useT();
  const accounts = useSelector(actor, selectComposerAccounts);
  const accountId = useSelector(actor, selectComposerAccountId);
  const editable = useSelector(actor, selectComposerEditable);
  const errors = useSelector(actor, selectComposerFieldErrors);
  const sample = useSelector(actor, selectTemplateSample);
  const accountError = fieldErrorText(t, errors['accountId']);
  return (
    <StepFrame
      title={title}
      footer={footer}
      asideLabel={t('broadcastCompose.number.preview')}
      aside={
        sample === null ? null : (
          <>
            <h3 className={css.sectionTitle}>{t('broadcastCompose.number.preview')}</h3>
            <TemplatePreview view={{ ...sample, header: sample.header }} />
          </>
        )
      }
    >
      {accounts.length === 0 ? (
        <p className={css.hint} role="status">
          {t('broadcastCompose.number.noAccounts')}
        </p>
      ) : (
        <RadioGroup
          className={css.radioGroup}
          value={accountId}
          isDisabled={!editable}
          isInvalid={accountError !== null}
          onChange={(value) => actor.send({ type: 'compose.account', accountId: value })}
          data-testid="broadcast-compose-accounts"
        >
          <Label className={css.groupLabel}>{t('broadcastCompose.number.accounts')}</Label>
          <div className={css.cards}>
            {accounts.map((account) => (
              <Radio key={account.id} value={account.id} className={css.card}>
                <span className={css.cardTitle}>{account.name}</span>
                <span className={css.cardMeta}>{account.displayPhone}</span>
                {account.status === 'connected' ? null : (
                  <span className={css.cardMeta}>
                    {t(`broadcastCompose.number.status.${account.status}`)}
                  </span>
                )}
              </Radio>
            ))}
          </div>
          {accountError === null ? null : (
            <p className={css.error} role="alert">
              {accountError}
            </p>
          )}
        </RadioGroup>
      )}
      <Templates actor={actor} />
    </StepFrame>
  );
}

function Templates({ actor }: { actor: ComposerActor }) {
  const t = useT();
  const status = useSelector(actor, selectComposerTemplatesStatus);
  const templates = useSelector(actor, selectComposerTemplates);
  const chosen = useSelector(actor, selectComposerTemplate);
  const error = useSelector(actor, selectComposerTemplatesError);
  const editable = useSelector(actor, selectComposerEditable);
  const errors = useSelector(actor, selectComposerFieldErrors);
  const templateError = fieldErrorText(t, errors['templateId']);
  return (
    <section className={css.radioGroup} aria-labelledby="broadcast-templates">
      <h3 id="broadcast-templates" className={css.groupLabel}>
        {t('broadcastCompose.number.templates')}
      </h3>
      {status === 'idle' ? <p className={css.hint}>{t('broadcastCompose.number.pickNumberFirst')}</p> : null}
      {status === 'loading' ? <Spinner label={t('broadcastCompose.number.templatesLoading')} /> : null}
      {status === 'failed' ? (
        <div className={css.alert} role="alert">
          <span>{t('broadcastCompose.number.templatesFailed', { message: error?.message ?? '' })}</span>
          <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'compose.templatesRetry' })}>
            {t('broadcastCompose.retry')}
          </Button>
        </div>
      ) : null}
      {status === 'ready' && templates.length === 0 ? (
        <p className={css.hint} role="status">
          {t('broadcastCompose.number.noTemplates')}
        </p>
      ) : null}
      {status === 'ready' && templates.length > 0 ? (
        <ul className={picker.list} aria-label={t('broadcastCompose.number.templates')}>
          {templates.map((template) => (
            <li key={template.id}>
              <TemplateOption
                template={template}
                isSelected={chosen?.id === template.id}
                isDisabled={!editable}
                onPress={() => actor.send({ type: 'compose.template', templateId: template.id })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {templateError === null ? null : (
        <p className={css.error} role="alert">
          {templateError}
        </p>
      )}
    </section>
  );
}
