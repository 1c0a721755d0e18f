import type { ReactNode, Ref } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs, type TabsProps as AriaTabsProps } from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export interface TabItem<K extends string> {
  id: K;
  label: string;
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps<K extends string> extends Omit<
  AriaTabsProps,
  'children' | 'selectedKey' | 'defaultSelectedKey' | 'onSelectionChange'
> {
  /** The tab list's accessible name. */
  'aria-label': string;
  /** The tabs, in order, with their panels' content. */
  tabs: ReadonlyArray<TabItem<K>>;
  /** The selected tab, controlled. */
  selected?: K;
  /** The first selected tab, uncontrolled (the first tab by default). */
  defaultSelected?: K;
  /** Called with the newly selected tab's id. */
  onSelectionChange?: (id: K) => void;
  /** The root `<div>` around the tab list and panels. */
  ref?: Ref<HTMLDivElement>;
  /**
   * Every panel stays mounted, stacked in one place with the others hidden (`inert`, not seen):
   * the tabs are as tall as their tallest panel, so switching tabs never moves what is below, and
   * a panel keeps its state (what was typed, what was loaded) while another is shown.
   */
  stableHeight?: boolean;
}

/**
 * Tabs (the WAI-ARIA tabs pattern): arrow keys move between tabs and select them, Home and End
 * jump to the ends, Tab moves into the panel. Selected tabs carry `data-selected`.
 */
export function Tabs<K extends string>({
  tabs,
  selected,
  defaultSelected,
  onSelectionChange,
  orientation = 'horizontal',
  className,
  'aria-label': label,
  disabledKeys,
  stableHeight = false,
  ...props
}: TabsProps<K>) {
  return (
    <AriaTabs
      {...props}
      {...(selected !== undefined ? { selectedKey: selected } : {})}
      {...(defaultSelected !== undefined ? { defaultSelectedKey: defaultSelected } : {})}
      onSelectionChange={(key) => onSelectionChange?.(String(key) as K)}
      orientation={orientation}
      disabledKeys={[...(disabledKeys ?? []), ...tabs.filter((t) => t.isDisabled).map((t) => t.id)]}
      className={keepDefaultClass(className)}
      data-lead=""
      data-tabs=""
      data-stable-height={stableHeight || undefined}
    >
      <TabList aria-label={label} data-tab-list="">
        {tabs.map((t) => (
          <Tab key={t.id} id={t.id} data-tab="">
            {t.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.id} id={t.id} data-tab-panel="" shouldForceMount={stableHeight}>
          {t.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
