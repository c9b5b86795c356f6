/**
 * Gives an object holding secrets a public face: JSON.stringify (and so pino), util.inspect and
 * console.log see the secret fields as the shared placeholder, while code reads the real values as plain strings.
 */
import { inspect } from 'node:util';
import { REDACTED } from '../shared/redact.ts';

export function withSecretFields<T extends object>(value: T, secretFields: readonly (keyof T)[]): Readonly<T> {
  const publicView = (): Record<string, unknown> => {
    const view: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const field of secretFields) if (view[field as string] !== undefined) view[field as string] = REDACTED;
    return view;
  };
  // Non-enumerable, so spreading or Object.keys show only the data fields.
  Object.defineProperty(value, 'toJSON', { value: publicView, enumerable: false });
  Object.defineProperty(value, inspect.custom, {
    value: (depth: number, options: object) => inspect(publicView(), { ...options, depth }),
    enumerable: false,
  });
  return Object.freeze(value);
}
