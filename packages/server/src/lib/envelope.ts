/** The success envelope (api.md): `{_status: 1, _data, _messages}`. */
export const ok = <T>(data: T, ...messages: string[]) => ({ _status: 1 as const, _data: data, _messages: messages });
