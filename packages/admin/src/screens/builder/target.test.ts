import { beforeEach, describe, expect, it } from 'vitest';
import { startCreate } from './save.js';
import { builder } from './state.js';
import { addLink, addSubTarget, setLinkDraft, setSubDraft, setTags, setTargetType } from './target.actions.js';
import { toPayload } from './wire.js';

beforeEach(() => {
  startCreate(new URLSearchParams({ campaignName: 'Heart', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }));
});
const link = (url: string) => {
  setLinkDraft(url);
  addLink();
};

describe('"Target by" keeps what each kind holds', () => {
  it('keeps the links (with their exclusions) through Tags and CSV import and back, and the tags too', () => {
    link('https://bacsi-online.vn/heart/');
    link('https://bacsi-online.vn/health/');
    setSubDraft(0, 'https://bacsi-online.vn/heart/about/');
    addSubTarget(0);
    const links = JSON.parse(JSON.stringify(builder.targets)) as unknown;
    setTargetType('tags');
    expect(builder.targets).toEqual([]);
    setTags(['Diabetes', 'heart']);
    setTargetType('csv');
    expect(builder.targets).toEqual([]);
    setTargetType('links');
    expect(builder.targets).toEqual(links);
    setTargetType('tags');
    expect(builder.targets.map((t) => t.target)).toEqual(['diabetes', 'heart']);
  });

  it('saves only the kind shown when saving', () => {
    link('https://bacsi-online.vn/heart/');
    setTargetType('tags');
    setTags(['diabetes']);
    expect(toPayload(builder).targets).toEqual([
      { type: 'tags', option: 'exact_match', target: 'diabetes', sub_target: [] },
    ]);
    expect(toPayload(builder).extra_fields.targetLinkType).toBe('tags');
    setTargetType('links');
    expect(toPayload(builder).targets).toEqual([
      { type: 'links', option: 'start_with', target: 'https://bacsi-online.vn/heart/', sub_target: [] },
    ]);
    expect(toPayload(builder).extra_fields.targetLinkType).toBe('links');
    setTargetType('csv');
    expect(toPayload(builder).targets).toEqual([]);
  });

  it('edits in the kept list do not leak into the shown one', () => {
    link('https://bacsi-online.vn/heart/');
    setTargetType('tags');
    setTargetType('links');
    builder.targets[0]!.sub_target.push({ option: 'exact_match', value: 'https://bacsi-online.vn/heart/x/' });
    setTargetType('tags');
    setTargetType('links');
    expect(builder.targets[0]!.sub_target).toHaveLength(1);
    expect(builder.keptTargets.links[0]!.sub_target).toHaveLength(1);
  });

  it('marks the builder changed, and another campaign opened starts with nothing kept', () => {
    link('https://bacsi-online.vn/heart/');
    builder.dirty = false;
    setTargetType('tags');
    expect(builder.dirty).toBe(true);
    startCreate(new URLSearchParams({ siteID: '1', siteURL: 'bacsi-online.vn' }));
    setTargetType('tags');
    setTargetType('links');
    expect(builder.targets).toEqual([]);
  });
});
