import { UPLOAD_LIMITS, type UploadKind } from '../constants.js';
import { Messages } from '../messages.js';

/** The messages shown when a file is over its kind's limit. */
export function tooLargeMessages(kind: UploadKind): string[] {
  switch (kind) {
    case 'avatar':
      return [Messages.imageTooLarge, Messages.imageTooLargeHint];
    case 'image':
    case 'overlay':
      return [Messages.builderImageTooLarge];
    case 'video':
      return [Messages.videoTooLarge];
    case 'csv':
      return [Messages.fileTooLarge];
  }
}

export const isWithinLimit = (kind: UploadKind, bytes: number): boolean => bytes <= UPLOAD_LIMITS[kind].maxBytes;
