/*
 * The react-aria-components types our components' props use, re-exported so that a consumer
 * needs no react-aria-components of their own (a second copy beside ours breaks its contexts:
 * a Tooltip around another copy's Button never opens).
 */
export type { Key, PressEvent, Selection } from 'react-aria-components';
