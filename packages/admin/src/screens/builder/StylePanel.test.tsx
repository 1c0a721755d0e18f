import { DEFAULT_POPUP_STYLE } from '@lead/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseLayout } from './design.actions.js';
import { startCreate } from './save.js';
import StyleControls from './StyleControls.js';
import { StylePanel } from './StylePanel.js';
import { builder } from './state.js';
import { hexOf, resetStyle, setButtonShape, setColour, setStyle } from './style.actions.js';
import { toPayload } from './wire.js';

afterEach(cleanup);
beforeEach(() => startCreate(new URLSearchParams({ siteID: '1', siteURL: 'bacsi-online.vn', clientID: '5' })));

describe('hexOf: a colour as typed, as stored', () => {
  it.each([
    ['#1D4FC4', '#1d4fc4'],
    [' #abc ', '#aabbcc'],
    ['#b0306a', '#b0306a'],
    ['1d4fc4', null],
    ['#12345', null],
    ['#ggg', null],
    ['blue', null],
    ['', null],
  ])('%j → %j', (text, hex) => {
    expect(hexOf(text)).toBe(hex);
  });
});

describe('the style actions', () => {
  it('leave a new campaign without a style, so that none is saved', () => {
    expect(builder.style).toBeNull();
    expect(toPayload(builder).extra_fields).not.toHaveProperty('popupStyle');
  });

  it('give the campaign a style at the first change, the default with it, and save it', () => {
    expect(setColour('brand', '#B0306A')).toBe(true);
    setButtonShape({ fill: 'outline' });
    setStyle({ font: 'sarabun' });
    expect(builder.dirty).toBe(true);
    expect(toPayload(builder).extra_fields.popupStyle).toEqual({
      ...DEFAULT_POPUP_STYLE,
      brand: '#b0306a',
      font: 'sarabun',
      buttonShape: { radius: 6, fill: 'outline' },
    });
  });

  it('keep no colour that is not one', () => {
    expect(setColour('text', 'red')).toBe(false);
    expect(builder.style).toBeNull();
  });

  it('go back to no style', () => {
    setStyle({ edge: 'top' });
    resetStyle();
    expect(toPayload(builder).extra_fields).not.toHaveProperty('popupStyle');
  });
});

describe('StylePanel', () => {
  it('loads its controls after the step shows', async () => {
    render(<StylePanel />);
    expect(await screen.findByText('Style')).toBeTruthy();
  });

  it('changes the brand colour from its text field and swatch, warns under 4.5:1, says what is not a colour', async () => {
    const user = userEvent.setup();
    chooseLayout('LightBoxB');
    render(<StyleControls />);
    await user.click(screen.getByText('Style'));
    const status = screen.getByRole('status', { name: 'Contrast' });
    expect(status.textContent).toBe('');
    const brand = screen.getByRole('textbox', { name: /Brand colour/ });
    await user.clear(brand);
    await user.type(brand, '#ffd400');
    expect(builder.style?.brand).toBe('#ffd400');
    expect(document.querySelector<HTMLElement>('[data-swatch=brand]')!.style.background).toBe('rgb(255, 212, 0)');
    expect(within(status).getByRole('listitem').textContent).toMatch(
      /^The buttons' white text on the brand colour is 1\.\d+:1/,
    );

    const text = screen.getByRole('textbox', { name: /Text colour/ });
    await user.clear(text);
    await user.type(text, 'grey');
    expect(screen.getByText('Write the colour as #rrggbb, e.g. #1d4fc4.')).toBeTruthy();
    expect(builder.style?.text).toBe(DEFAULT_POPUP_STYLE.text);
  });

  it('offers the backdrop on a lightbox and the edge on the Floating bar only', async () => {
    chooseLayout('LightBoxA');
    const { unmount } = render(<StyleControls />);
    expect(screen.queryByRole('slider', { name: 'Backdrop strength' })).not.toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Floating bar edge' })).toBeNull();
    unmount();
    chooseLayout('Floating');
    render(<StyleControls />);
    expect(screen.queryByRole('slider', { name: 'Backdrop strength' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByText('Style'));
    await user.click(screen.getByRole('radio', { name: 'Top' }));
    expect(builder.style?.edge).toBe('top');
  });

  it('moves the corner radius with the keyboard', async () => {
    const user = userEvent.setup();
    chooseLayout('Slider');
    render(<StyleControls />);
    await user.click(screen.getByText('Style'));
    const radius = screen.getByRole('slider', { name: 'Button corner radius' });
    radius.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(builder.style?.buttonShape.radius).toBe(8);
  });
});
