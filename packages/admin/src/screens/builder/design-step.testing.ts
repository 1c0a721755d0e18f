import { vi } from 'vitest';
import { blank, builder } from './state.js';

/**
 * For the Design step's tests: the builder on DESIGN with a three-block Lightbox B campaign
 * (Title, Email, Submit), and a ResizeObserver that never fires (jsdom lays nothing out: the
 * canvas's fit is measured once and never again). Undo the stub with `vi.unstubAllGlobals()`.
 */
export function onDesignStep(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  Object.assign(builder, blank(), {
    loaded: true,
    step: 'design',
    layout: 'LightBoxB',
    name: 'Heart check',
    forms: [
      { name: 'Title', id: 't', data: { placeholder: 'Check your heart', align: 'center' } },
      { name: 'Email', id: 'e', data: { value: 'email', placeholder: 'Email', required: true } },
      { name: 'Submit', id: 's', data: { placeholder: 'Submit' } },
    ],
  });
}
