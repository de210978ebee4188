import { useSelector } from '@xstate/react';
import { Checkbox } from 'react-aria-components';
import { formatDateTime, type AutomationTryRule } from '@sapa/sdk';
import { selectTrial } from '@sapa/machines/automation';
import { FormError } from '../auth/AuthLayout.tsx';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { EditorActor } from './RuleEditorDialog.tsx';
import { reasonWords } from './words.ts';
import * as css from './automation.css.ts';

/**
 * "Coba aturan ini": a sample customer message judged with the rule as the form holds it
 * (`automation_rule_try` with the draft; nothing is sent or stored): whether it would run, on which
 * keyword, what it would do, or why not; a follow-up's step times in working hours.
 */
export function TryBox({ editor, timeZone }: { editor: EditorActor; timeZone: string }) {
  const t = useT();
  const trial = useSelector(editor, selectTrial);
  return (
    <section className={css.tryBox} aria-labelledby="rule-try-title" data-testid="rule-try">
      <span id="rule-try-title" className={css.sectionTitle}>
        {t('automation.try.title')}
      </span>
      <p className={css.help}>{t('automation.try.help')}</p>
      <div className={css.row}>
        <div className={css.grow}>
          <TextField
            label={t('automation.try.sample')}
            placeholder={t('automation.try.samplePlaceholder')}
            value={trial.sample}
            data-testid="rule-try-sample"
            onChange={(text) => editor.send({ type: 'editor.sample', text })}
          />
        </div>
        <Button
          tone="secondary"
          data-testid="rule-try-run"
          isDisabled={trial.sample.trim() === '' || trial.trying}
          onPress={() => editor.send({ type: 'editor.try' })}
        >
          {t('automation.try.run')}
        </Button>
      </div>
      <Checkbox
        className={css.checkChoice}
        isSelected={trial.newCustomer}
        onChange={(newCustomer) => editor.send({ type: 'editor.newCustomer', newCustomer })}
      >
        <span className={css.mark} aria-hidden="true">
          {trial.newCustomer ? '✓' : ''}
        </span>
        {t('automation.try.newCustomer')}
      </Checkbox>
      <FormError message={trial.error?.message} />
      {trial.result === null ? null : (
        <div className={css.tryResult} data-testid="rule-try-result" aria-live="polite">
          <p className={css.help}>
            {t(trial.result.open ? 'automation.try.open' : 'automation.try.closed', {
              timeZone: trial.result.timeZone,
            })}
          </p>
          {trial.result.rules.map((rule, index) => (
            <TriedRule key={rule.id ?? index} rule={rule} timeZone={timeZone} />
          ))}
        </div>
      )}
    </section>
  );
}

function TriedRule({ rule, timeZone }: { rule: AutomationTryRule; timeZone: string }) {
  const t = useT();
  const { outcome } = rule;
  if (!outcome.fires)
    return (
      <p className={css.skips}>{t('automation.try.skips', { reason: reasonWords(t, outcome.reason) })}</p>
    );
  return (
    <>
      <p className={css.fires}>{t('automation.try.fires')}</p>
      {outcome.keyword === null ? null : (
        <p className={css.help}>{t('automation.try.keyword', { keyword: outcome.keyword })}</p>
      )}
      {outcome.actions.length === 0 ? null : (
        <p className={css.help}>
          {t('automation.try.does', {
            actions: outcome.actions.map((action) => t(`automation.action.${action.kind}`)).join(', '),
          })}
        </p>
      )}
      {rule.schedule?.map((step) => (
        <p key={step.index} className={css.help}>
          {t('automation.try.schedule', {
            number: step.index + 1,
            time: formatDateTime(step.dueAt, timeZone),
          })}
        </p>
      ))}
    </>
  );
}
