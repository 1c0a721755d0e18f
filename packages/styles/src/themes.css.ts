import { assignVars, createGlobalTheme, createTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.js';
import { dark, light } from './palette.js';

/** Put on an element to use the light theme inside it. */
export const lightTheme = createTheme(vars, light);
/** Put on an element to use the dark theme inside it. */
export const darkTheme = createTheme(vars, dark);

// With no theme class the page follows the system: light, or dark when it asks for dark.
// :where() keeps these defaults below a theme class put on <html>.
createGlobalTheme(':where(:root)', vars, light);
globalStyle(':where(:root)', { '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, dark) } } });
