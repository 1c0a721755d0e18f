import { describe, expect, it } from 'vitest';
import { sortedColumnScroll } from './reveal-sorted.js';

// A frame from 100 to 900 px with a 60 px actions column at its end: columns show between 100 and 840.
const frame = { left: 100, right: 900, scrollLeft: 0 };

describe('the sorted column scrolled into view', () => {
  it('leaves a column already in view', () => {
    expect(sortedColumnScroll(frame, { left: 300, right: 400 }, 60)).toBeNull();
  });
  it('brings a column hidden under the actions column out from under it', () => {
    expect(sortedColumnScroll(frame, { left: 900, right: 1000 }, 60)).toBe(160);
  });
  it('keeps the column’s start in view when it is wider than the room', () => {
    expect(sortedColumnScroll(frame, { left: 500, right: 1500 }, 60)).toBe(400);
  });
  it('scrolls back to a column left of the view', () => {
    expect(sortedColumnScroll({ ...frame, scrollLeft: 300 }, { left: 20, right: 120 }, 60)).toBe(220);
  });
  it('scrolls a column hidden under the sticky names (200 px from the frame’s start) out from under them', () => {
    expect(sortedColumnScroll({ ...frame, scrollLeft: 300 }, { left: 150, right: 250 }, 60, 200)).toBe(150);
    expect(sortedColumnScroll(frame, { left: 300, right: 400 }, 60, 200)).toBeNull();
  });
  it('keeps a column wider than the room beside the sticky names', () => {
    expect(sortedColumnScroll(frame, { left: 500, right: 1500 }, 60, 200)).toBe(200);
  });
});
