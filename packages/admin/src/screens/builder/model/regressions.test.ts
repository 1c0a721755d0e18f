import { describe, expect, it } from 'vitest';
import type { Action } from './actions.js';
import { paletteFor } from '../samples.js';
import { run } from './run.js';

/*
 * Sequences the model-based test found and shrank (builder.model.test.ts), kept as plain tests:
 * each broke a rule before its fix (#29).
 */

const start = (layout: Extract<Action, { do: 'layout' }>['layout']): Action[] => [
  { do: 'targets', kind: 'link', text: 'https://bacsi-online.vn/heart/' },
  { do: 'layout', layout },
];

describe('the builder model: shrunk sequences', () => {
  it('Slider then Floating saves the devices chosen, not Desktop alone', () => {
    expect(run([...start('Slider'), { do: 'layout', layout: 'Floating' }])).toEqual({ saves: 1, refusals: 0 });
  });

  it('hours whose start passed their end are refused, not dropped', () => {
    expect(
      run([...start('LightBoxB'), { do: 'appearance', on: true }, { do: 'appearanceStart', hour: '23:00' }]),
    ).toEqual({ saves: 0, refusals: 1 });
  });

  it("a picture's javascript: link is refused", () => {
    expect(run([...start('Floating'), { do: 'imageLink', which: 'mobile', url: 'javascript:alert(1)' }])).toEqual({
      saves: 0,
      refusals: 1,
    });
  });

  it("an Image block's mailto: link is a link, not its picture: saved", () => {
    const image = { do: 'add', pick: paletteFor('LightBoxB').indexOf('Image'), at: 'palette' } as const;
    // The link typed on every block that takes one (the Image among them, wherever it landed).
    const links = Array.from({ length: 10 }, (_, pick): Action => ({
      do: 'url',
      pick,
      url: 'mailto:care@bacsi-online.vn',
    }));
    expect(run([...start('LightBoxB'), image, ...links])).toEqual({ saves: 1, refusals: 0 });
  });

  it("a Thank-you link button's data: link is refused, not saved and lost", () => {
    expect(
      run([
        ...start('Slider'),
        { do: 'view', view: 'thankyou' },
        { do: 'add', pick: 11, at: 0 },
        { do: 'url', pick: 0, url: 'data:text/html,x' },
      ]),
    ).toEqual({ saves: 0, refusals: 1 });
  });
});
