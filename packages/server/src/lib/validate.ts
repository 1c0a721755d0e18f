import type { FieldErrors } from '@lead/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Static, TSchema } from 'typebox';
import { HttpError } from './http-error.js';
import { ajvFormats, hardenSchema } from './input.js';

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const label = (field: string) => field.replace(/\./g, ' ').replace(/_/g, ' ');

/**
 * A field that may also be null (`Nullable`: a union with null) fails both branches and the union:
 * what the user needs is what is wrong with the value given, so the null branch's 'must be a
 * null' goes, and so does the union's own 'is invalid' while a branch says more.
 */
function withoutNullBranch(errors: AjvError[]): AjvError[] {
  const unions = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const kept = errors.filter((e) => !(unions.has(e.instancePath) && e.keyword === 'type' && e.params.type === 'null'));
  const explained = new Set(kept.filter((e) => e.keyword !== 'anyOf').map((e) => e.instancePath));
  return kept.filter((e) => !(e.keyword === 'anyOf' && explained.has(e.instancePath)));
}

/** Turns schema errors into Laravel-style field messages, naming every failing field. */
export function validationErrors(errors: AjvError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of withoutNullBranch(errors)) {
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field =
      e.keyword === 'required' ? [path, String(e.params.missingProperty)].filter(Boolean).join('.') : path || 'request';
    const name = label(field);
    let message: string;
    switch (e.keyword) {
      case 'required':
        message = `The ${name} field is required.`;
        break;
      case 'type':
        message = `The ${name} must be ${e.params.type === 'integer' ? 'an integer' : `a ${String(e.params.type).replace(/,/g, ' or ')}`}.`;
        break;
      case 'minLength':
        message =
          e.params.limit === 1
            ? `The ${name} field is required.`
            : `The ${name} must be at least ${e.params.limit} characters.`;
        break;
      case 'maxLength':
        message = `The ${name} may not be greater than ${e.params.limit} characters.`;
        break;
      case 'minimum':
        message = `The ${name} must be at least ${e.params.limit}.`;
        break;
      case 'maximum':
        message = `The ${name} may not be greater than ${e.params.limit}.`;
        break;
      case 'minItems':
        message = `The ${name} must have at least ${e.params.limit} item${e.params.limit === 1 ? '' : 's'}.`;
        break;
      case 'maxItems':
        message = `The ${name} may not have more than ${e.params.limit} items.`;
        break;
      case 'format':
        message =
          e.params.format === 'email' ? `The ${name} must be a valid email address.` : `The ${name} format is invalid.`;
        break;
      case 'additionalProperties':
        message = `The field ${String(e.params.additionalProperty)} is not allowed.`;
        break;
      default:
        message =
          e.keyword === 'const' || e.keyword === 'enum' || e.keyword === 'anyOf'
            ? `The selected ${name} is invalid.`
            : `The ${name} format is invalid.`;
    }
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

const ajv = ajvFormats(
  new Ajv({ allErrors: true, coerceTypes: false, useDefaults: true, strict: false, strictNumbers: true }),
);
const compiled = new WeakMap<TSchema, ValidateFunction>();

/** Checks `data` against `schema` as a route's body would be, answering 422 with every failing field. */
export function check<T extends TSchema>(schema: T, data: unknown): Static<T> {
  let validate = compiled.get(schema);
  if (!validate) {
    hardenSchema(schema);
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(data)) throw HttpError.validation(validationErrors(validate.errors as AjvError[]));
  return data as Static<T>;
}
