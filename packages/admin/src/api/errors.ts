import { Messages, type FieldErrors } from '@lead/contract';

export interface ErrorBody {
  message?: string;
  _messages?: string[];
  errors?: FieldErrors;
}

export interface ErrorNotice {
  title: string;
  description: string;
}

/**
 * In one place: the title is the response's message, else the request's own message (a
 * timeout, a lost connection), else the first _messages item, else 'Something wrong!'. With field
 * errors there is one notice per field ('field: messages joined by ;'); otherwise one notice that
 * says 'Please try again or contact admin!'.
 */
export function errorNotices(body: ErrorBody | null, requestMessage?: string | null): ErrorNotice[] {
  const title = body?.message || requestMessage || body?._messages?.[0] || Messages.somethingWrong;
  const fields = Object.entries(body?.errors ?? {});
  if (fields.length > 0)
    return fields.map(([field, messages]) => ({ title, description: `${field}: ${messages.join(';')}` }));
  return [{ title, description: Messages.tryAgain }];
}

/** The messages of a failed call, for the screens that show them themselves (dialogs, warnings). */
export function errorMessages(body: ErrorBody | null): string[] {
  const fromFields = Object.values(body?.errors ?? {}).flat();
  if (fromFields.length) return fromFields;
  if (body?._messages?.length) return body._messages;
  return [body?.message || Messages.somethingWrong];
}

/** 401 and 403 end the session. */
export const endsSession = (status: number): boolean => status === 401 || status === 403;
