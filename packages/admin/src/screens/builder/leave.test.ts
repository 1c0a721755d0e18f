import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navigate, setLeaveGuard } from '../../router/hash-location.js';
import { confirmLeave, guardLeave, leave, stayInBuilder } from './leave.js';
import { startCreate } from './save.js';
import { builder } from './state.js';
import { setLinkDraft, addLink } from './target.actions.js';

let removeGuard: () => void;
beforeEach(() => {
  navigate('/new-campaign');
  startCreate(new URLSearchParams({ campaignName: 'Heart', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }));
  removeGuard = setLeaveGuard(guardLeave);
});
afterEach(() => {
  removeGuard();
  stayInBuilder();
});
const here = () => window.location.hash;

describe('leaving the builder with unsaved changes', () => {
  it('goes at once when nothing is unsaved', () => {
    navigate('/overview');
    expect(here()).toBe('#/overview');
    expect(leave.pending).toBeNull();
  });

  it('asks first, and Stay keeps the builder and its changes', () => {
    setLinkDraft('https://bacsi-online.vn/heart/');
    addLink();
    expect(builder.dirty).toBe(true);
    navigate('/overview');
    expect(here()).toBe('#/new-campaign');
    expect(leave.pending).toBe('/overview');
    stayInBuilder();
    expect(leave.pending).toBeNull();
    expect(here()).toBe('#/new-campaign');
    expect(builder.targets).toHaveLength(1);
    expect(builder.dirty).toBe(true);
  });

  it('Leave goes where the navigation was going', () => {
    builder.dirty = true;
    navigate('/campaign-details/7');
    expect(here()).toBe('#/new-campaign');
    confirmLeave();
    expect(here()).toBe('#/campaign-details/7');
    expect(leave.pending).toBeNull();
  });

  it('asks nothing once the guard is removed (the builder has gone)', () => {
    builder.dirty = true;
    removeGuard();
    navigate('/overview');
    expect(here()).toBe('#/overview');
    expect(leave.pending).toBeNull();
  });
});
