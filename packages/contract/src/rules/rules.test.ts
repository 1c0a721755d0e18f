import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../constants.js';
import { accountErrors, clientErrors, isClientValid, isUserValid, siteCapErrors, userErrors } from './accounts.js';
import { isValidEmail, passwordChangeErrors, passwordResetErrors, resetEmailErrors } from './auth.js';
import { isWithinLimit, tooLargeMessages } from './uploads.js';
import { campaignSaveErrors } from './campaign.js';
import { validCampaign } from '../fixtures.js';

const user = {
  first_name: 'A',
  last_name: '',
  email: 'a@b.co',
  status: 1,
  role_ids: [1],
  site_ids: [1],
  client_ids: [1],
};
const client = { name: 'Acme', manager_id: 1, site_ids: [1] };

describe('email', () => {
  it.each(['a@b.co', ' A.B+c@sub.domain.vn '])('accepts %s', (e) => expect(isValidEmail(e)).toBe(true));
  it.each(['', 'a', 'a@b', 'a b@c.d', '@b.co', 'a@@b.co'])('refuses %j', (e) => expect(isValidEmail(e)).toBe(false));
  it("reset request says 'Email is not valid'", () => {
    expect(resetEmailErrors('nope')).toEqual({ email: ['Email is not valid'] });
    expect(resetEmailErrors('a@b.co')).toBeUndefined();
  });
});

describe('passwords', () => {
  it('reset needs a valid email, a token and matching passwords of 8 or more', () => {
    expect(
      passwordResetErrors({ email: 'a@b.co', token: 't', password: 'abcdefgh', password_confirmation: 'abcdefgh' }),
    ).toBeUndefined();
    expect(passwordResetErrors({ email: 'x', token: '', password: 'abc', password_confirmation: 'abd' })).toEqual({
      email: ['Email is not valid'],
      token: ['The token field is required.'],
      password: ['The password must be at least 8 characters.', 'The password confirmation does not match.'],
    });
  });
  it('change needs the current password', () => {
    expect(
      passwordChangeErrors({ current_password: '', password: 'abcdefgh', password_confirmation: 'abcdefgh' }),
    ).toEqual({
      current_password: ['The current password field is required.'],
    });
  });
});

describe('user: email, first name, a role, at least one site and one client', () => {
  it('is valid with all of them', () => expect(isUserValid(user)).toBe(true));
  it.each([
    ['email', { email: '' }],
    ['first_name', { first_name: ' ' }],
    ['role_ids', { role_ids: [] }],
    ['site_ids', { site_ids: [] }],
    ['client_ids', { client_ids: [] }],
  ])('is invalid without %s', (field, over) => {
    expect(isUserValid({ ...user, ...over })).toBe(false);
    expect(Object.keys(userErrors({ ...user, ...over })!)).toEqual([field]);
  });
  it('takes one role only and a status of 1 or 0', () => {
    expect(userErrors({ ...user, role_ids: [1, 2] })).toEqual({ role_ids: ['Please choose one role.'] });
    expect(userErrors({ ...user, status: 2 })).toEqual({ status: ['The status must be 1 or 0.'] });
  });
});

describe('client: name, account manager and at least one site', () => {
  it('is valid with them alone', () => expect(isClientValid(client)).toBe(true));
  it('names each missing one', () => {
    expect(clientErrors({ name: '', manager_id: null, site_ids: [] })).toEqual({
      name: ['The name field is required.'],
      manager_id: ['The account manager field is required.'],
      site_ids: ['The sites must have at least 1 item.'],
    });
  });
  it('checks an optional email only when given', () => {
    expect(clientErrors({ ...client, email: '' })).toBeUndefined();
    expect(clientErrors({ ...client, email: 'x' })).toEqual({ email: ['The email must be a valid email address.'] });
  });
});

describe('account', () => {
  it('needs a first name', () => {
    expect(accountErrors({ first_name: '', last_name: 'x' })).toEqual({
      first_name: ['The first name field is required.'],
    });
    expect(accountErrors({ first_name: 'A', last_name: '' })).toBeUndefined();
  });
});

describe("the site's cap on pop-ups", () => {
  it('takes whole numbers from 0 (none) to 100 for each limit', () => {
    expect(siteCapErrors({ visit: 0, day: 0 })).toBeUndefined();
    expect(siteCapErrors({ visit: 100, day: 1 })).toBeUndefined();
    expect(siteCapErrors({ visit: -1, day: 101 })).toEqual({
      visit: ['Pop-ups per visit must be a whole number from 0 to 100.'],
      day: ['Pop-ups per day must be a whole number from 0 to 100.'],
    });
    expect(Object.keys(siteCapErrors({ visit: 1.5, day: Number.NaN }) ?? {})).toEqual(['visit', 'day']);
  });
});

describe('uploads', () => {
  it('limits an avatar to 520000 bytes with both messages of the spec', () => {
    expect(UPLOAD_LIMITS.avatar.maxBytes).toBe(520000);
    expect(isWithinLimit('avatar', 520000)).toBe(true);
    expect(isWithinLimit('avatar', 520001)).toBe(false);
    expect(tooLargeMessages('avatar')).toEqual([
      'The image is too large to upload',
      'Please up load image less than 500Kb for optimize loading time popup.',
    ]);
  });
  it('has the builder limits: image 1 MB, overlay 500 KB, video 5 MB, CSV 10 MB', () => {
    expect(UPLOAD_LIMITS.image.maxBytes).toBe(1024 * 1024);
    expect(UPLOAD_LIMITS.overlay.maxBytes).toBe(500 * 1024);
    expect(UPLOAD_LIMITS.video.maxBytes).toBe(5 * 1024 * 1024);
    expect(UPLOAD_LIMITS.csv.maxBytes).toBe(10 * 1024 * 1024);
    expect(tooLargeMessages('video')).toEqual(['Your video is too large']);
    expect(tooLargeMessages('image')).toEqual(['Your image is too large']);
  });
});

describe('the shared campaign fixture', () => {
  it('is valid by every save rule, on create and on edit', () => {
    expect(campaignSaveErrors(validCampaign(4), { siteHost: 'bacsi-online.vn', mode: 'create' })).toBeUndefined();
    expect(campaignSaveErrors(validCampaign(4), { siteHost: 'bacsi-online.vn', mode: 'edit' })).toBeUndefined();
  });
});

describe('appearance hours', () => {
  const withHours = (value: unknown) => ({
    ...validCampaign(4),
    rules: [...validCampaign(4).rules, { rule: 'appearance_time', value }],
  });
  const errorOf = (value: unknown) =>
    campaignSaveErrors(withHours(value), { siteHost: 'bacsi-online.vn', mode: 'create' })?.['rules.appearance_time'];
  it('takes a start and an end after it', () => {
    expect(errorOf({ startTime: '10:00', endTime: '12:00' })).toBeUndefined();
    expect(errorOf({ startTime: '10:00', endTime: '10:00' })).toEqual([
      'The appearance end time must be after its start time.',
    ]);
  });
  it('refuses hours without an end (an end cleared when the start moved past it), or that are not hours', () => {
    for (const value of [
      { startTime: '13:00', endTime: null },
      { startTime: '13:00' },
      null,
      { startTime: '25:00', endTime: '26:00' },
      { startTime: 8, endTime: 9 },
    ])
      expect(errorOf(value), JSON.stringify(value)).toEqual(['The appearance end time must be after its start time.']);
  });
});
