import type { PublicCampaign } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import { answerErrors, newLead, otpField, singleSubmission, sitePage, ssoTags } from './lead-form.js';

type Form = PublicCampaign['forms'];
const block = (name: string, data: Record<string, unknown>) => ({ name, id: name, data }) as Form[number];

const FORM: Form = [
  block('Title', { placeholder: 'Check your heart' }),
  block('Text', { value: 'full_name', placeholder: 'Name' }),
  block('Email', { value: 'email', placeholder: 'Email' }),
  block('Phone', { value: 'phone', placeholder: 'Phone', singleSubmission: true }),
  block('Image', { value: 'picture.png' }),
  block('Submit', { placeholder: 'Send' }),
];
const VN = { host: 'bacsi-online.vn', country: 'VN', lang: 'en' };

describe('the page a lead is sent from', () => {
  const site = (host: string) => host === 'bacsi-online.vn' || host.endsWith('.bacsi-online.vn');
  it.each([
    ['https://bacsi-online.vn/tim-mach/', true],
    ['http://m.bacsi-online.vn/a?utm_source=x', true],
    ['https://example.com/', false],
    ['javascript:alert(1)', false],
    ['ftp://bacsi-online.vn/', false],
    ['not a url', false],
  ])('%s is a page of the site: %s', (url, ok) => {
    expect(sitePage(url, site) !== null).toBe(ok);
  });
});

describe('the answers a form refuses', () => {
  it.each<[string, Record<string, string | string[]>, string[]]>([
    ['every answer a field of the form', { full_name: 'Lan', email: 'lan@example.com' }, []],
    ['a key the form has no field for', { full_name: 'Lan', age: '40' }, ['age']],
    ['an Image block’s value, which is a picture, not a field', { 'picture.png': 'x' }, ['picture.png']],
    ['an e-mail that is not one', { email: 'lan' }, ['email']],
    ['a phone that is not a number of the site’s country', { phone: '12' }, ['phone']],
  ])('%s', (_, fields, refused) => {
    expect(Object.keys(answerErrors(FORM, fields, VN)).sort()).toEqual(refused);
  });
});

describe('one submission per phone number', () => {
  it('is the first answered number of a block that asks for it, in E.164', () => {
    expect(singleSubmission(FORM, { phone: '0912 345 678' }, 'VN')).toEqual({ key: 'phone', phone: '+84912345678' });
  });
  it('has no number when the answer is not one of the country', () => {
    expect(singleSubmission(FORM, { phone: '12345' }, 'VN')).toEqual({ key: 'phone', phone: null });
  });
  it('is none without an answer, or when no block asks for it', () => {
    expect(singleSubmission(FORM, { email: 'lan@example.com' }, 'VN')).toBeNull();
    const open = FORM.map((b) => (b.name === 'Phone' ? block('Phone', { value: 'phone' }) : b));
    expect(singleSubmission(open, { phone: '0912 345 678' }, 'VN')).toBeNull();
  });
});

describe('the OTP field', () => {
  it('is the OTP block’s key with the number answered there, or null without such a block', () => {
    const otp = [...FORM, block('PhoneOTP', { value: 'mobile' })];
    expect(otpField(otp, { mobile: '0912345678' }, 'VN')).toEqual({ key: 'mobile', phone: '+84912345678' });
    expect(otpField(otp, {}, 'VN')).toEqual({ key: 'mobile', phone: null });
    expect(otpField(FORM, { phone: '0912345678' }, 'VN')).toBeNull();
  });
});

describe('the lead of checked answers', () => {
  it('takes the SSO tags’ first non-blank answers, the phone in E.164, and the birthday and gender into its data', () => {
    const form = [
      block('Text', { value: 'nick', placeholder: 'Nickname' }),
      ...FORM,
      block('Date', { value: 'dob' }),
      block('Radio', { value: 'sex', answers: ['Male', 'Female'] }),
    ];
    const fields = { nick: '  ', full_name: 'Lan', phone: '0912 345 678', dob: '1990-02-01', sex: 'Female' };
    expect(ssoTags(form, fields)).toEqual({
      name: 'Lan',
      phone: '0912 345 678',
      birthday: '1990-02-01',
      gender: 'Female',
    });
    const lead = newLead(7, form, { fields, page_url: 'https://bacsi-online.vn/a' }, 'VN', {
      otpId: null,
      singlePhone: '+84912345678',
      consent: { revisionId: 3, record: {} as never, hash: 'h' },
    });
    expect(lead).toMatchObject({
      campaignId: 7,
      name: 'Lan',
      email: null,
      phone: '0912 345 678',
      phoneE164: '+84912345678',
      pageUrl: 'https://bacsi-online.vn/a',
      singlePhone: '+84912345678',
    });
    expect(lead.data).toEqual({ ...fields, birthday: '1990-02-01', gender: 'Female' });
  });
});
