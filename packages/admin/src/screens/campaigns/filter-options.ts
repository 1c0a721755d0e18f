/** The filters the panel and its dialog share: the draft they edit and the options of the tick lists. */
import { CAMPAIGN_STATUS_LABELS, DEVICE_TYPE_LABELS, DISPLAY_TYPES, STATUS_FILTER_OPTIONS, DEVICE_TYPES } from '@lead/contract';
import type { ListState } from './list-query.js';

export type Draft = Pick<
  ListState,
  'searchBy' | 'keyword' | 'tags' | 'createdFrom' | 'createdTo' | 'updatedFrom' | 'updatedTo' | 'sponsored' | 'statuses' | 'deviceTypes' | 'displayTypes'
>;

export const STATUS_OPTIONS = STATUS_FILTER_OPTIONS.map((id) => ({ id, label: CAMPAIGN_STATUS_LABELS[id] }));
export const DEVICE_OPTIONS = DEVICE_TYPES.map((id) => ({ id, label: DEVICE_TYPE_LABELS[id] }));
export const TYPE_OPTIONS = Object.entries(DISPLAY_TYPES).map(([id, label]) => ({ id: Number(id), label }));
