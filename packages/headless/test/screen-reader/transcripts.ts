import type { Transcript } from './walk.js';

/**
 * What a screen reader says as a user does each component's main task, step by step. Written by
 * hand from the WAI-ARIA Authoring Practices pattern of each component (role, name, state,
 * position, then what changes), in the words of @guidepup/virtual-screen-reader; the tests in
 * transcripts.test.tsx walk them over the real components and fail on any other phrase, and
 * `npm run docs:components -w @lead/headless` copies them into each component's docs page.
 */
const NATIVE_STATE =
  'Checking a box, the switch or a radio (Space, arrow keys) is asserted in the DOM by the component’s own tests: the virtual screen reader reads a native input’s `checked` attribute, which React does not update, so it cannot hear the change a screen reader announces.';

/**
 * DataTable's main task, walked on both grids (DataTable, and VirtualizedDataTable with its rows
 * windowed): the same keys and the same phrases, but for the place a windowed row says
 * (`rowPlace`, N being its `aria-rowindex`).
 */
function moveAndSort(page: string, rowPlace: string): Transcript {
  const row = (name: string, index: number) => `row, ${name}${rowPlace.replace('N', String(index))}`;
  return {
    page,
    task: 'Move through the campaigns and sort by name',
    pattern: 'grid (sortable table)',
    steps: [
      { keys: 'Tab', hear: [row('Spring sale', 2)] },
      { keys: 'ArrowDown', hear: [row('Flu quiz', 3)] },
      { keys: 'ArrowRight', hear: ['rowheader, Flu quiz'] },
      { keys: 'ArrowUp', hear: ['rowheader, Spring sale'] },
      { keys: 'ArrowUp', hear: ['columnheader, Name, sortable column, column index 1, sorted in ascending order'] },
      {
        keys: 'Enter',
        hear: [
          'polite: sorted by Name in descending order',
          'columnheader, Name, sortable column, column index 1, sorted in descending order',
        ],
      },
    ],
  };
}

export const TRANSCRIPTS: Record<string, Transcript> = {
  Button: {
    page: 'Button',
    task: 'Press Save and hear that it worked',
    pattern: 'button',
    steps: [
      { keys: 'Tab', hear: ['button, Save'] },
      { keys: 'Enter', hear: ['polite: Saved', 'button, Save'] },
    ],
  },
  Checkbox: {
    page: 'Checkbox',
    task: 'Go through device types, Remember Me and a status switch',
    pattern: 'checkbox, switch',
    steps: [
      { keys: 'Tab', hear: ['checkbox, Desktop, checked'] },
      { keys: 'Tab', hear: ['checkbox, Mobile, not checked'] },
      { keys: 'Tab', hear: ['checkbox, Remember Me, not checked'] },
      { keys: 'Tab', hear: ['switch, Active, checked'] },
    ],
    note: NATIVE_STATE,
  },
  RadioGroup: {
    page: 'RadioGroup',
    task: 'Reach the chosen gender',
    pattern: 'radio group',
    steps: [{ keys: 'Tab', hear: ['radio, Male, checked, position 1, set size 2'] }],
    note: NATIVE_STATE,
  },
  TextField: {
    page: 'TextField',
    task: 'Fill in a required email that has an error',
    pattern: 'text input with a linked error',
    steps: [
      { keys: 'Tab', hear: ['textbox, Email, The email field is required., invalid, required'] },
      {
        keys: 'Type "an@lead.test"',
        hear: ['textbox, Email, an@lead.test, The email field is required., invalid, required'],
      },
    ],
  },
  Select: {
    page: 'Select',
    task: 'Choose a site',
    pattern: 'listbox in a popup (select-only combobox)',
    steps: [
      { keys: 'Tab', hear: ['button, Select Site, not expanded, has popup listbox'] },
      { keys: 'Enter', hear: ['dialog, Site', 'option, bacsi-online.vn, not selected, position 1, set size 2'] },
      { keys: 'ArrowDown', hear: ['option, hellosuckhoe.id, not selected, position 2, set size 2'] },
      { keys: 'Enter', hear: ['button, hellosuckhoe.id Site, not expanded, has popup listbox'] },
    ],
  },
  ComboBox: {
    page: 'Select',
    task: 'Find a client by typing',
    pattern: 'combobox with a listbox popup',
    steps: [
      {
        keys: 'Tab',
        hear: [
          'combobox, Client, has popup listbox, expanded, autocomplete in list, 1 control',
          'assertive: 2 options available.',
        ],
      },
      {
        keys: 'Type "Pr"',
        hear: [
          'assertive: 1 option available.',
          'combobox, Client, Pr, has popup listbox, expanded, autocomplete in list, 1 control',
        ],
      },
      {
        keys: 'ArrowDown',
        hear: [
          'combobox, Client, Pr, has popup listbox, expanded, active descendant Prudential, autocomplete in list, 1 control',
        ],
      },
      { keys: 'Enter', hear: ['combobox, Client, Prudential, has popup listbox, not expanded, autocomplete in list'] },
    ],
  },
  DebouncedSearchField: {
    page: 'Filters',
    task: 'Search and clear',
    pattern: 'search field',
    steps: [
      { keys: 'Tab', hear: ['searchbox, Search'] },
      { keys: 'Type "heart"', hear: ['searchbox, Search, heart'] },
      { keys: 'Escape', hear: ['searchbox, Search'] },
    ],
  },
  ColumnSetSwitch: {
    page: 'DataTable',
    task: 'Show the Report columns',
    pattern: 'toolbar of toggle buttons (radio group)',
    steps: [
      { keys: 'Tab', hear: ['radio, Information, checked, position 1, set size 2'] },
      { keys: 'ArrowRight', hear: ['radio, Report, not checked, position 2, set size 2'] },
      { keys: 'Space', hear: ['radio, Report, checked, position 2, set size 2'] },
    ],
  },
  Tabs: {
    page: 'Tabs',
    task: 'Switch to the Leads tab and read it',
    pattern: 'tabs (selection follows focus)',
    steps: [
      { keys: 'Tab', hear: ['tab, Overview, selected, 1 control, position 1, set size 2'] },
      { keys: 'ArrowRight', hear: ['tab, Leads, selected, 1 control, position 2, set size 2'] },
      { keys: 'Tab', hear: ['tabpanel, Leads'] },
    ],
  },
  Menu: {
    page: 'Menu',
    task: 'Open the account menu, find Log out, close it',
    pattern: 'menu button',
    steps: [
      { keys: 'Tab', hear: ['button, Account, not expanded, has popup menu'] },
      {
        keys: 'Enter',
        hear: ['dialog, Account', 'menu, Account, orientated vertically', 'menuitem, Profile, position 1, set size 2'],
      },
      { keys: 'ArrowDown', hear: ['menuitem, Log out, position 2, set size 2'] },
      { keys: 'Escape', hear: ['button, Account, not expanded, has popup menu'] },
    ],
  },
  Dialog: {
    page: 'Dialog',
    task: 'Open a dialog, read it, close it',
    pattern: 'modal dialog',
    steps: [
      { keys: 'Tab', hear: ['button, Edit, not expanded'] },
      { keys: 'Enter', hear: ['dialog, Edit campaign'] },
      { keys: 'Next item', hear: ['heading, Edit campaign, level 2'] },
      { keys: 'Tab', hear: ['button, Close'] },
      { keys: 'Escape', hear: ['button, Edit, not expanded'] },
    ],
  },
  ConfirmDialog: {
    page: 'Dialog',
    task: 'Answer a delete question safely',
    pattern: 'alert dialog',
    steps: [
      { keys: 'Tab', hear: ['button, Delete'] },
      {
        keys: 'Enter',
        hear: [
          'alertdialog, Do you want delete campaign?',
          'button, Cancel',
          'assertive: Do you want delete campaign?',
        ],
      },
      { keys: 'Tab', hear: ['button, Yes'] },
      { keys: 'Escape', hear: ['button, Delete'] },
    ],
    note: 'The alert dialog is announced as it opens and starts on Cancel, the safe answer. The virtual screen reader says the question again at every change inside the dialog; a screen reader says it once, and so does this transcript (test/screen-reader/walk.ts).',
  },
  Tooltip: {
    page: 'Tooltip',
    task: 'Hear what a button does',
    pattern: 'tooltip',
    steps: [
      { keys: 'Tab', hear: ['button, Copy, Copies the code'] },
      { keys: 'Escape', hear: ['button, Copy'] },
    ],
  },
  Toast: {
    page: 'Toast',
    task: 'Save and hear the toast',
    pattern: 'alert (a toast region landmark)',
    steps: [
      { keys: 'Tab', hear: ['button, Save'] },
      { keys: 'Enter', hear: ['assertive: SavedThe campaign is saved.', 'button, Save'] },
    ],
    note: 'The title and the description are two blocks: a browser reads them with a pause ("Saved. The campaign is saved."); the virtual screen reader joins their text.',
  },
  DataTable: moveAndSort('DataTable', ''),
  RowActionsMenu: {
    page: 'DataTable',
    task: "Open a row's actions",
    pattern: 'menu button',
    steps: [
      { keys: 'Tab', hear: ['button, Actions for Spring sale, not expanded, has popup menu'] },
      {
        keys: 'Enter',
        hear: [
          'dialog, Actions for Spring sale',
          'menu, Actions for Spring sale, orientated vertically',
          'menuitem, Edit, position 1, set size 2',
        ],
      },
      { keys: 'ArrowDown', hear: ['menuitem, Duplicate, position 2, set size 2'] },
      { keys: 'Escape', hear: ['button, Actions for Spring sale, not expanded, has popup menu'] },
    ],
  },
  Pagination: {
    page: 'DataTable',
    task: 'Go to page 2',
    pattern: 'navigation landmark with the current page',
    steps: [
      { keys: 'Tab', hear: ['button, Page 1, current page'] },
      { keys: 'Tab', hear: ['button, Page 2'] },
      { keys: 'Enter', hear: ['button, Page 2, current page'] },
    ],
  },
  VirtualizedDataTable: {
    page: 'VirtualizedDataTable',
    task: 'Enter the table and hear where you are in all its rows',
    pattern: 'grid with aria-rowcount and aria-rowindex',
    steps: [
      { keys: 'Tab', hear: ['row, Spring sale, row index 2'] },
      { keys: 'ArrowDown', hear: ['row, Flu quiz, row index 3'] },
    ],
    note: 'Entering the grid, a screen reader also names it with its size ("grid, Leads, column count 2, row count 3": `aria-colcount`, `aria-rowcount`); the virtual screen reader says only what takes focus, so the component’s test asserts those attributes.',
  },
  // The same task as DataTable's, on the same grid with its rows windowed: each row also says its place.
  'VirtualizedDataTable sorting': moveAndSort('VirtualizedDataTable', ', row index N'),
  Stepper: {
    page: 'Stepper',
    task: 'Go to the next step',
    pattern: 'steps as a navigation list, a status region',
    steps: [
      { keys: 'Tab', hear: ['button, 1 SETTINGS, current step'] },
      { keys: 'Tab', hear: ['button, Next'] },
      { keys: 'Enter', hear: ['button, Comfirm', 'polite: Step 2 of 2: DESIGN'] },
    ],
  },
  CheckboxMenu: {
    page: 'Filters',
    task: 'Filter out a status',
    pattern: 'menu button with menuitemcheckbox items',
    steps: [
      { keys: 'Tab', hear: ['button, Status: All, not expanded, has popup menu'] },
      {
        keys: 'Enter',
        hear: [
          'dialog, Status: All',
          'menu, Status: All, orientated vertically',
          'menuitemcheckbox, All, checked, position 1, set size 3',
        ],
      },
      { keys: 'ArrowDown', hear: ['menuitemcheckbox, Active, checked, position 2, set size 3'] },
      { keys: 'Space', hear: ['menuitemcheckbox, Active, not checked, position 2, set size 3'] },
      { keys: 'Escape', hear: ['button, Status: 1, not expanded, has popup menu'] },
    ],
  },
  TagInput: {
    page: 'Filters',
    task: 'Add a tag',
    pattern: 'text input and a tag group, a status region',
    steps: [
      { keys: 'Tab', hear: ['textbox, by Tag'] },
      { keys: 'Type "heart"', hear: ['textbox, by Tag, heart'] },
      { keys: 'Enter', hear: ['polite: heart added.', 'textbox, by Tag'] },
    ],
  },
  DateRangePicker: {
    page: 'DateRangePicker',
    task: 'Type the start day',
    pattern: 'date segments as spinbuttons, a calendar dialog',
    steps: [
      {
        keys: 'Tab',
        hear: [
          'spinbutton, day, Start Date, Date range, not read only, max value 31, min value 1, current value Empty',
        ],
      },
      {
        keys: 'Type "01"',
        hear: [
          'assertive: 00',
          'spinbutton, month, Start Date, Date range, not read only, max value 12, min value 1, current value Empty',
        ],
      },
      {
        keys: 'Shift+Tab',
        hear: ['spinbutton, day, Start Date, Date range, not read only, max value 31, min value 1, current value 01'],
      },
    ],
  },
  FileDropZone: {
    page: 'FileDropZone',
    task: 'Reach the drop zone and its file button',
    pattern: 'a drop target with a button, react-aria DropZone',
    steps: [
      { keys: 'Tab', hear: ['button, Drop a CSV file or choose one'] },
      { keys: 'Tab', hear: ['button, Choose file'] },
    ],
  },
  LoadingOverlay: {
    page: 'LoadingOverlay',
    task: 'Read a region while it loads',
    pattern: 'progressbar over aria-busy content',
    steps: [
      { keys: 'Next item', hear: ['progressbar, Loading campaigns, max value 100, min value 0'] },
      { keys: 'Next item', hear: ['end of main'] },
    ],
  },
  Timeline: {
    page: 'Timeline',
    task: 'Read the history',
    pattern: 'list of items with times',
    steps: [
      { keys: 'Next item', hear: ['list, System history'] },
      { keys: 'Next item', hear: ['listitem, level 1, position 1, set size 2'] },
      { keys: 'Next item', hear: ['time'] },
      { keys: 'Next item', hear: ['Nov 23, 2026'] },
      { keys: 'Next item', hear: ['end of time'] },
      { keys: 'Next item', hear: ['Updated block Email'] },
    ],
  },
  BlockPalette: {
    page: 'BlockPalette',
    task: 'Add a Phone block from the palette',
    pattern: 'two grids with drag and drop, a status region',
    steps: [
      { keys: 'Tab', hear: ['row, Email', 'grid, Blocks'] },
      { keys: 'ArrowDown', hear: ['grid, Blocks', 'row, Phone'] },
      { keys: 'Enter', hear: ['polite: Phone added to Form.', 'row, Phone'] },
      { keys: 'Tab', hear: ['button, Drag Phone, Press Enter to start dragging.', 'row, Name', 'grid, Form'] },
    ],
  },
};
