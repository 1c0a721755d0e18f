import type { FieldErrors } from '../types.js';

/** Collects messages per field; `result()` is undefined when nothing failed. */
export class ErrorBag {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): this {
    (this.errors[field] ??= []).push(message);
    return this;
  }

  check(condition: boolean, field: string, message: string): this {
    if (!condition) this.add(field, message);
    return this;
  }

  get isEmpty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  result(): FieldErrors | undefined {
    return this.isEmpty ? undefined : this.errors;
  }
}

/** The first message of a set of field errors, as the admin's toasts and the envelope's `_messages` show it. */
export const allMessages = (errors: FieldErrors): string[] => Object.values(errors).flat();
