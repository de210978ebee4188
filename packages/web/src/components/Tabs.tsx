/** Styled tabs: thin wrappers over react-aria-components (keyboard, ARIA roles and selection are theirs). */
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import { tab, tabList, tabPanel, tabs } from './tabs.css.ts';

export function Tabs(props: Omit<TabsProps, 'className'>) {
  return <AriaTabs {...props} className={tabs} />;
}

export function TabList<T extends object>(props: Omit<TabListProps<T>, 'className'>) {
  return <AriaTabList {...props} className={tabList} />;
}

export function Tab(props: Omit<TabProps, 'className'>) {
  return <AriaTab {...props} className={tab} />;
}

export function TabPanel(props: Omit<TabPanelProps, 'className'>) {
  return <AriaTabPanel {...props} className={tabPanel} />;
}
