export { vars } from './contract.css.js';
export { darkTheme, lightTheme } from './themes.css.js';
export { THEME_VALUES } from './palette.js';
export { base } from './components/index.js';
export { propertyName, themeProperties } from './names.js';
