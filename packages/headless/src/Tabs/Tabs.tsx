import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

export interface TabItem<K extends string> {
  id: K;
  label: string;
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps<K extends string> {
  'aria-label': string;
  tabs: ReadonlyArray<TabItem<K>>;
  selected?: K;
  defaultSelected?: K;
  onSelectionChange?: (id: K) => void;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

/**
 * Tabs (the WAI-ARIA tabs pattern): arrow keys move between tabs and select them, Home and End
 * jump to the ends, Tab moves into the panel. Selected tabs carry `data-selected`.
 */
export function Tabs<K extends string>({ tabs, selected, defaultSelected, onSelectionChange, orientation = 'horizontal', className, ...rest }: TabsProps<K>) {
  return (
    <AriaTabs
      {...(selected !== undefined ? { selectedKey: selected } : {})}
      {...(defaultSelected !== undefined ? { defaultSelectedKey: defaultSelected } : {})}
      onSelectionChange={(key) => onSelectionChange?.(String(key) as K)}
      orientation={orientation}
      disabledKeys={tabs.filter((t) => t.isDisabled).map((t) => t.id)}
      className={className}
      data-lead=""
      data-tabs=""
    >
      <TabList aria-label={rest['aria-label']} data-tab-list="">
        {tabs.map((t) => (
          <Tab key={t.id} id={t.id} data-tab="">
            {t.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.id} id={t.id} data-tab-panel="">
          {t.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
