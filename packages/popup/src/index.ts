export { renderPopup, type Popup, type PopupCampaign, type RenderOptions } from './render.js';
export { renderPreview } from './preview.js';
export { validateValues, INPUT_BLOCKS, type Values } from './validate.js';
export { inlineAnchor } from './layouts.js';
