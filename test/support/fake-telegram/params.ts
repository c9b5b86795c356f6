/** Reading method parameters: grammY sends numbers as JSON numbers or, in form bodies, as strings. */
import { badRequest } from './errors.ts';

export const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

export const requireNumber = (params: Record<string, unknown>, name: string): number => {
  const value = asNumber(params[name]);
  if (value === undefined) throw badRequest(`${name} is required`);
  return value;
};
