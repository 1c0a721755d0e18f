import { accountErrors, Messages, type User } from '@lead/contract';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { uploadFile } from '../../api/uploads.js';
import { onSessionReset } from '../../stores/reset.js';
import { updateUser } from '../../stores/session.js';
import { notify, showAlert } from '../../stores/ui.js';

const blank = () => ({
  model: null as User | null,
  details: { first_name: '', last_name: '', avatar: null as string | null },
  password: { current_password: '', password: '', password_confirmation: '' },
});

/** Personal details and password change. */
export const account = proxy(blank());
onSessionReset(() => Object.assign(account, blank()));

export async function loadAccount(): Promise<void> {
  try {
    const res = await call('GET /api/admin/account');
    account.model = res._data.model;
    account.details = {
      first_name: res._data.model.first_name,
      last_name: res._data.model.last_name,
      avatar: res._data.model.avatar,
    };
    updateUser(res._data.model);
  } catch (error) {
    if (!isAbort(error)) account.model = null;
  }
}

export const detailsInvalid = (): boolean => accountErrors(account.details) !== undefined;

/** An avatar of at most 520000 bytes; otherwise the two messages and nothing uploaded. */
export async function uploadAvatar(file: File): Promise<void> {
  const url = await uploadFile('avatar', file, [Messages.imageTooLarge, Messages.imageTooLargeHint]);
  if (url !== null) account.details.avatar = url;
}

export async function saveDetails(): Promise<void> {
  try {
    const res = await call('PUT /api/admin/account', { body: account.details, hideError: true });
    notify('success', Messages.saved);
    updateUser(res._data.model);
    // 'Saved!' and a reload after 300 ms.
    setTimeout(() => void loadAccount(), 300);
  } catch (error) {
    // Failure shows the messages as an error notice.
    if (error instanceof ApiError) reportNotice(errorMessages(error.body).join(' '));
  }
}

export async function changePassword(): Promise<void> {
  try {
    const res = await call('PUT /api/admin/account/password', { body: account.password, hideError: true });
    notify('success', res._messages[0] || Messages.updateDetailsSuccessful);
    account.password = { current_password: '', password: '', password_confirmation: '' };
    void loadAccount();
  } catch (error) {
    // Failure opens the 'Opps!' dialog listing the messages.
    if (error instanceof ApiError) showAlert('Opps!', errorMessages(error.body));
  }
}
