import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Project } from '@sapa/sdk';
import { stagePermissions, type StagePermissions } from '@sapa/machines/crm';
import { useT } from '../i18n/I18nProvider.tsx';
import { CrmHeading, CrmPage } from '../crm/CrmPage.tsx';
import { StageBoard } from './LazyStageBoard.tsx';
import { StagesTable } from './StagesTable.tsx';
import * as css from './stages.css.ts';

/**
 * `/crm/stage/{key}`: the project's sales pipeline in two tabs. "Tabel" lists the stages in board
 * order (stagesMachine over a table) to add, edit, delete and reorder them; "Papan" is the board
 * (boardMachine), where customers' cards move between stages. Each action with its permission.
 */
export function StagesPage() {
  const t = useT();
  return (
    <CrmPage title={t('screen.crm.stage')} permissions={stagePermissions} noAccess={t('stages.noAccess')}>
      {(project, may) => <Stages project={project} may={may} />}
    </CrmPage>
  );
}

function Stages({ project, may }: { project: Project; may: StagePermissions }) {
  const t = useT();
  return (
    <>
      <CrmHeading title={t('screen.crm.stage')} />
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
