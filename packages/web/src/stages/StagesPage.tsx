import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Project } from '@sapa/sdk';
import { stagePermissions, type StagePermissions } from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { StageBoard } from './StageBoard.tsx';
import { StagesTable } from './StagesTable.tsx';
import * as css from './stages.css.ts';

/**
 * `/crm/stage/{key}`: the project's sales pipeline in two tabs. "Tabel" lists the stages in board
 * order (stagesMachine over a table) to add, edit, delete and reorder them; "Papan" is the board
 * (boardMachine), where customers' cards move between stages. Each action with its permission.
 */
export function StagesPage() {
  const t = useT();
  const { status, project, error, retry } = useProject();
  const may = project === null ? null : stagePermissions(project.permissions);
  return (
    <section className={css.page} aria-labelledby="screen-title">
      {status === 'loading' ? <Spinner label={t('chat.project.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p>{error?.message}</p>
          <Button onPress={retry}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {project !== null && may !== null && !may.view ? (
        <>
          <h1 id="screen-title" className={css.title}>
            {t('screen.crm.stage')}
          </h1>
          <p className={css.muted}>{t('stages.noAccess')}</p>
        </>
      ) : null}
      {project !== null && may?.view ? <Stages key={project.key} project={project} may={may} /> : null}
    </section>
  );
}

function Stages({ project, may }: { project: Project; may: StagePermissions }) {
  const t = useT();
  return (
    <>
      <h1 id="screen-title" className={css.title}>
        {t('screen.crm.stage')}
      </h1>
      <Tabs className={css.tabs} defaultSelectedKey="table">
        <TabList className={css.tabList} aria-label={t('stages.views')}>
          <Tab id="table" className={css.tab} data-testid="stages-tab-table">
            {t('stages.tab.table')}
          </Tab>
          <Tab id="board" className={css.tab} data-testid="stages-tab-board">
            {t('stages.tab.board')}
          </Tab>
        </TabList>
        <TabPanel id="table" className={css.tabPanel}>
          <StagesTable project={project} may={may} />
        </TabPanel>
        <TabPanel id="board" className={css.tabPanel}>
          <StageBoard project={project} may={may} />
        </TabPanel>
      </Tabs>
    </>
  );
}
