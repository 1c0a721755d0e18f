export * from './CheckboxMenu.js';
export * from './DebouncedSearchField.js';
export * from './TagInput.js';
export * from './useFilterPanel.js';
export * from './CheckboxPicker.js';
