import { Type } from 'typebox';
import { Nullable } from '@lead/contract/api';

// The envelope and its pieces are the contract's (the wire's one home); re-exported for the routes not moved yet.
export { ErrorEnvelope, IdList, IdParams, IntList, Nullable, Ok, responses } from '@lead/contract/api';

export const parseIdList = (value: string | undefined): number[] | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.split(',').map((v) => Number(v.trim()));

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  display_name: Type.String(),
  description: Type.String(),
});

export const User = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  avatar: Nullable(Type.String()),
  status: Type.Integer(),
  roles: Type.Array(Role),
  sites: Type.Array(Type.Object({ id: Type.Integer(), hostname: Type.String() })),
  client_ids: Type.Array(Type.Integer()),
  created_at: Type.String(),
  hostname: Nullable(Type.String()),
});
