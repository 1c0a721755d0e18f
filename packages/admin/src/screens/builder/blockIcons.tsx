import type { BlockName } from '@lead/contract';
import type { ReactNode } from 'react';

/** The palette's groups, in the order they are listed. */
export const BLOCK_GROUPS = ['Content', 'Fields', 'Verification', 'Actions'] as const;
export type BlockGroup = (typeof BLOCK_GROUPS)[number];

/** Where each block is listed in the palette: what it shows, what it asks, how it checks a number, what it does. */
export const BLOCK_GROUP: Record<BlockName, BlockGroup> = {
  Title: 'Content',
  Subtitle: 'Content',
  Image: 'Content',
  Video: 'Content',
  Text: 'Fields',
  Email: 'Fields',
  Phone: 'Fields',
  Tel: 'Fields',
  Number: 'Fields',
  Date: 'Fields',
  Location: 'Fields',
  Dropdown: 'Fields',
  Radio: 'Fields',
  Checkbox: 'Fields',
  Terms: 'Fields',
  PhoneOTP: 'Verification',
  WhatsAppOTP: 'Verification',
  ZaloOTP: 'Verification',
  LinkButton: 'Actions',
  Submit: 'Actions',
  Signup: 'Actions',
};

/** Each block's outline drawing (24×24, stroked): inline SVG paths, no icon font. */
const PATHS: Record<BlockName, string> = {
  Title: 'M5 5h14M12 5v14',
  Subtitle: 'M4 7h16M4 12h12M4 17h8',
  Image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01',
  Video: 'M3 6h13v12H3zM16 10l5-3v10l-5-3',
  Text: 'M3 7h18v10H3zM7 10v4',
  Email: 'M3 6h18v12H3zM3 7l9 6 9-6',
  Phone: 'M8 3h8v18H8zM11 18h2',
  Tel: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  Number: 'M10 4 8 20M16 4l-2 16M4 9h16M3 15h16',
  Date: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  Location: 'M12 21s-6-5.5-6-11a6 6 0 0 1 12 0c0 5.5-6 11-6 11zM12 8a2 2 0 1 0 0 4 2 2 0 0 0 0-4',
  Dropdown: 'M3 6h18v12H3zM14 11l2 2 2-2',
  Radio: 'M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6',
  Checkbox: 'M4 4h16v16H4zM8 12l3 3 5-6',
  Terms: 'M6 3h9l4 4v14H6zM9 12h6M9 16h6',
  PhoneOTP: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  WhatsAppOTP: 'M4 20l1.5-4.5A8 8 0 1 1 8.5 19zM9 10h.01M12 10h.01M15 10h.01',
  ZaloOTP: 'M4 5h16v11H9l-5 4zM9 10h6',
  LinkButton: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  Submit: 'M4 12l16-8-6 16-3-7z',
  Signup: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6',
};

/** A block's icon: decoration beside its name (the name says what it is). */
export function BlockIcon({ name }: { name: BlockName }): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-block-icon={name}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
