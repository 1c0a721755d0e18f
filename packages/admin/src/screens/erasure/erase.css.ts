import { style } from '@vanilla-extract/css';

/** The lookup's form: as wide as an address and its hints need, not the page's width. */
export const findForm = style({ maxWidth: '40rem' });
