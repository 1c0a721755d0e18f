import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeClient, makeUser, unique, uniqueEmail } from './fixtures.js';
import {
  apiCall,
  apiLogin,
  expectAccessible,
  expectToast,
  open,
  readOnlyValue,
  tokenOf,
  useBrowser,
} from './helpers.js';

useBrowser();

/** A real PNG of `bytes` or more (random pixels do not compress), for the avatar limit. */
function png(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc(side * (side * 3 + 1));
  let seed = 7;
  for (let i = 0; i < raw.length; i++)
    raw[i] = i % (side * 3 + 1) === 0 ? 0 : (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('personal details', () => {
  it("shows the role in title case and the email read-only, saves the name ('Saved!')", async () => {
    // A campaign leader of its own, renamed here.
    const leader = await makeUser({ role: 'campaign-leader' });
    const { page, context } = await open('/account-settings', { as: leader });
    const first = page.getByRole('textbox', { name: 'First name' });
    await expect.poll(() => first.inputValue()).toBe(leader.first_name);
    // Read-only values read as text, not as fields that look (and are announced) editable.
    expect(await readOnlyValue(page, 'Role')).toBe('Campaign Leader');
    expect(await readOnlyValue(page, 'Email')).toBe(leader.email);
    expect(await page.getByRole('textbox', { name: /^(Email|Role)$/ }).count()).toBe(0);
    await expectAccessible(page);
    await first.fill('Leah');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved!');
    expect((await apiCall(await tokenOf(leader), 'GET /api/admin/account')).body._data.model.first_name).toBe('Leah');
    // The initials menu follows the new name.
    await expect.poll(() => page.getByRole('button', { name: /menu of Leah/ }).count()).toBe(1);
    await context.close();
  });

  it('refuses an avatar over 520000 bytes with both messages, and takes a smaller one', async () => {
    // A member of its own, whose avatar changes.
    const member = await makeUser();
    const { page, context } = await open('/account-settings', { as: member });
    await page.getByRole('button', { name: 'Upload avatar' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload avatar' }).click();
    await (await chooser).setFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(520_001) });
    await expectToast(page, 'The image is too large to upload');
    expect((await page.locator('[data-toast]').allInnerTexts()).join(' ')).toContain(
      'Please up load image less than 500Kb for optimize loading time popup.',
    );
    expect(await page.getByRole('img', { name: 'Your avatar' }).count()).toBe(0);

    const chooser2 = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload avatar' }).click();
    await (await chooser2).setFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(2_000) });
    await page.getByRole('img', { name: 'Your avatar' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved!');
    const saved = (await apiCall(await tokenOf(member), 'GET /api/admin/account')).body._data.model;
    expect(saved.avatar).not.toBeNull();
    await context.close();
  });
});

describe('change password', () => {
  it("opens the 'Opps!' dialog with the messages on a wrong current password, and says 'Update details successful' otherwise", async () => {
    // A user of its own: a new password ends the user's other sessions.
    const user = await makeUser();
    const { page, context } = await open('/account-settings?section=password', { as: user });
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('Another123!');
    await page.getByLabel('Confirm new password').fill('Another123!');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Opps!' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('The current password is incorrect.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('Another123!');
    await page.getByLabel('Confirm new password').fill('Another123!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Update details successful');
    // The new password signs in.
    await apiLogin(user.email, 'Another123!');
    await context.close();
  });
});

describe('admin-only settings', () => {
  it('shows Manage users, Manage clients and Pop-up cap to admins only', async () => {
    const member = await open('/account-settings', { as: 'member@lead.test' });
    const nav = member.page.getByRole('navigation', { name: 'Settings' });
    await nav.getByRole('link', { name: 'Personal details' }).waitFor();
    // The section has loaded before the URL changes: a navigation aborts a load in flight, and one
    // that lands on the same section does not load again (the member's 'users' is 'personal').
    await member.page.getByRole('heading', { name: 'Personal details' }).waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Personal details', 'Change password']);
    await member.page.goto(member.page.url().replace(/#.*/, '#/account-settings?section=users'));
    await member.page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await member.context.close();

    const admin = await open('/account-settings', { as: 'system@lead.test' });
    const adminNav = admin.page.getByRole('navigation', { name: 'Settings' });
    await adminNav.getByRole('link', { name: 'Manage users' }).waitFor();
    expect(await adminNav.getByRole('link').allInnerTexts()).toEqual([
      'Personal details',
      'Change password',
      'Manage users',
      'Manage clients',
      'Pop-up cap',
    ]);
    await admin.context.close();
  });

  it('manages users: the caller is not listed; add (needs email, first name, role, site and client), edit with the email locked, status toggle, delete', async () => {
    const { page, context } = await open('/account-settings?section=users', { as: 'system@lead.test' });
    const grid = page.getByRole('grid', { name: 'Users' });
    await grid.getByRole('rowheader').first().waitFor();
    expect(await grid.getByText('system@lead.test').count()).toBe(0);
    // A short date where a day is what matters: 'MMM D, YYYY'.
    expect(await grid.locator('td[data-column=created]').first().innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expectAccessible(page);
    // 200 rows a page, with 25, 50, 100 or 200 to choose.
    const rowsPerPage = page
      .getByRole('navigation', { name: 'Users pages' })
      .getByRole('button', { name: /Rows per page/ });
    expect(await rowsPerPage.innerText()).toContain('200 / page');
    await rowsPerPage.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      '25 / page',
      '50 / page',
      '100 / page',
      '200 / page',
    ]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    // A user of its own, found again by its unique name.
    const email = uniqueEmail('added');
    const firstName = unique('Nguyen');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'First name' }).fill(firstName);
    await dialog.getByRole('button', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Campaign Member' }).click();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('tab', { name: 'SITES & CLIENTS' }).click();
    await dialog.getByText('bacsi-online.vn', { exact: true }).click();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('group', { name: 'Clients' }).locator('label').first().click();
    expect(await save.isDisabled()).toBe(false);
    await expectAccessible(page);
    await save.click();
    await expectToast(page, `An invitation was sent to ${email}.`);

    await page.getByRole('searchbox', { name: 'Search users' }).fill(firstName);
    const row = grid.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    const actions = row.getByRole('button', { name: new RegExp(`^Actions for ${firstName}`) });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    expect(await readOnlyValue(edit, 'Email')).toBe(`${email} (The email cannot be changed.)`);
    expect(await edit.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await row.locator('label[data-switch]').click();
    await expectToast(page, 'Updated!');
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(false);

    await actions.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Do you want delete user?' });
    expect(await confirm.innerText()).toContain("You won't be able to revert this!");
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'User has been deleted!');
    await expect.poll(() => grid.getByText(email).count()).toBe(0);
    await context.close();
  });

  it("manages clients: add needs a name, an account manager and a site ('Client created successfully!'), then delete", async () => {
    const { page, context } = await open('/account-settings?section=clients', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Clients' });
    await grid.getByRole('rowheader').first().waitFor();
    await page.getByRole('button', { name: 'Add client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByText('mebau.vn', { exact: true }).click();
    await dialog.getByRole('tab', { name: 'CLIENT PROFILE' }).click();
    const name = unique('Clinic');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Account manager' }).click();
    await page.getByRole('option').first().click();
    expect(await save.isDisabled()).toBe(false);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('');
    // Duplicates and spend (issue #31): whose leads, within how many days, delivered or not, the currency.
    await dialog.getByRole('tab', { name: 'LEADS AND BILLING' }).click();
    await dialog.getByText('Any campaign of the client', { exact: true }).click();
    const days = dialog.getByRole('textbox', { name: 'Duplicate window (days)' });
    await days.fill('0');
    expect(await save.isDisabled()).toBe(true);
    await days.fill('14');
    await dialog.getByText('Deliver duplicates too', { exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Currency' }).fill('EUR');
    await page.getByRole('option', { name: 'EUR – Euro' }).click();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await expectToast(page, 'Client created successfully!');
    const made = (await apiCall(await tokenOf('leader@lead.test'), 'GET /api/admin/clients')).body._data.models.find(
      (m) => m.name === name,
    );
    expect(made).toMatchObject({
      duplicate_scope: 'client',
      duplicate_window_days: 14,
      deliver_duplicates: true,
      currency: 'EUR',
    });

    await page.getByRole('searchbox', { name: 'Search clients' }).fill(name);
    const row = grid.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Do you want delete client?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Client has been deleted!');
    await expect.poll(() => row.count()).toBe(0);
    await context.close();
  });

  it('offers a limited admin only what they may change: no System role, no client that also runs elsewhere, that client read-only', async () => {
    const sites = (await apiCall(await tokenOf('system@lead.test'), 'GET /api/admin/sites')).body._data.models;
    const site5 = sites.find((x) => x.id === 5)!.name;
    // A client of its own on one of the limited admin's sites (5) and one of not theirs (6).
    const { name } = await makeClient([5, 6], { name: unique('Two-site clinic') });

    const { page, context } = await open('/account-settings?section=clients', { as: 'limited@lead.test' });
    const grid = page.getByRole('grid', { name: 'Clients' });
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(name);
    const row = grid.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    expect(await page.getByRole('menuitem', { name: 'Edit' }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('menuitem', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    await page.goto(page.url().replace(/#.*/, '#/account-settings?section=users'));
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('button', { name: /Role/ }).click();
    const roles = await page.getByRole('option').allInnerTexts();
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.some((r) => /system/i.test(r))).toBe(false);
    await page.keyboard.press('Escape');
    await dialog.getByRole('tab', { name: 'SITES & CLIENTS' }).click();
    await dialog.getByText(site5, { exact: true }).click();
    const clients = dialog.getByRole('group', { name: 'Clients' });
    await clients.locator('label').first().waitFor();
    expect(await clients.getByText(name).count()).toBe(0);
    await context.close();
  });
});
