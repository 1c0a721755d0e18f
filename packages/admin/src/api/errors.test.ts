import { describe, expect, it } from 'vitest';
import { endsSession, errorMessages, errorNotices } from './errors.js';

describe('errorNotices', () => {
  it("takes the title from the response's message, then the request's, then the first _messages item, then 'Something wrong!'", () => {
    expect(errorNotices({ message: 'Not found.', _messages: ['x'] }, 'timeout')[0]!.title).toBe('Not found.');
    expect(errorNotices({ _messages: ['first', 'second'] }, 'The request timed out')[0]!.title).toBe(
      'The request timed out',
    );
    expect(errorNotices({ _messages: ['first', 'second'] })[0]!.title).toBe('first');
    expect(errorNotices(null)[0]!.title).toBe('Something wrong!');
    expect(errorNotices({ _messages: [] }, null)[0]!.title).toBe('Something wrong!');
  });

  it("gives one notice per field error, 'field: messages joined by ;'", () => {
    const notices = errorNotices({
      message: 'The given data was invalid.',
      errors: { device_types: ['The Device Types must have at least 1 item.'], name: ['a', 'b'] },
    });
    expect(notices).toEqual([
      {
        title: 'The given data was invalid.',
        description: 'device_types: The Device Types must have at least 1 item.',
      },
      { title: 'The given data was invalid.', description: 'name: a;b' },
    ]);
  });

  it("says 'Please try again or contact admin!' when there are no field errors", () => {
    expect(errorNotices({ message: 'Something wrong!' })).toEqual([
      { title: 'Something wrong!', description: 'Please try again or contact admin!' },
    ]);
  });
});

describe('errorMessages and endsSession', () => {
  it('lists field messages first, then _messages, then the message', () => {
    expect(errorMessages({ errors: { a: ['x', 'y'], b: ['z'] }, _messages: ['m'] })).toEqual(['x', 'y', 'z']);
    expect(errorMessages({ _messages: ['m'], message: 'n' })).toEqual(['m']);
    expect(errorMessages({ message: 'n' })).toEqual(['n']);
    expect(errorMessages(null)).toEqual(['Something wrong!']);
  });
  it('ends the session on 401 and 403 only', () => {
    expect([400, 401, 403, 404, 422, 500].filter(endsSession)).toEqual([401, 403]);
  });
});
