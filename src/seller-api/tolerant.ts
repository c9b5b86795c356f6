/**
 * Parsing a record the store sent without losing it to one wrongly typed optional field: what fails is dropped and
 * the record parsed again, until it parses or a field it cannot do without (an order's id or status) fails. Only
 * paths are reported, never values: they are the buyer's data.
 */
import type { z } from 'zod';

export type TolerantParse<T> =
  /** `dropped`: the paths of the fields left out (`amount`, `fieldValues.2.value`), empty when none was. */
  | { ok: true; data: T; dropped: string[] }
  /** What made the record unusable, in zod's words (paths and expectations, never values). */
  | { ok: false; problems: string[] };

/** Each round drops at least one field; a record with more bad fields than this is not worth keeping. */
const MAX_ROUNDS = 20;

type Path = readonly PropertyKey[];
const pathText = (path: Path) => path.map(String).join('.');

export function parseTolerant<S extends z.ZodType>(schema: S, record: unknown): TolerantParse<z.output<S>> {
  let current = record;
  const dropped: string[] = [];
  for (let round = 0; ; round++) {
    const parsed = schema.safeParse(current);
    if (parsed.success) return { ok: true, data: parsed.data, dropped };
    const paths = parsed.error.issues.map((issue) => issue.path);
    // The whole record is wrong, or a field already dropped is missed: it is required, the record is unusable.
    const unusable = paths.some((path) => path.length === 0 || dropped.includes(pathText(path)));
    if (unusable || round >= MAX_ROUNDS) {
      return { ok: false, problems: parsed.error.issues.map((issue) => `${pathText(issue.path) || '(record)'}: ${issue.message}`) };
    }
    current = without(current, paths);
    for (const path of paths) if (!dropped.includes(pathText(path))) dropped.push(pathText(path));
  }
}

/** A copy of `record` without the values at `paths`: object members deleted, array items taken out. */
function without(record: unknown, paths: readonly Path[]): unknown {
  const copy: unknown = structuredClone(record);
  // Deepest and highest index first, so taking an item out of an array does not shift a path still to come.
  const ordered = [...paths].sort((a, b) => b.length - a.length || indexAt(b) - indexAt(a));
  for (const path of ordered) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (isContainer(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined), copy);
    const last = path.at(-1);
    if (last === undefined) continue;
    if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
    else if (isContainer(parent)) delete (parent as Record<PropertyKey, unknown>)[last];
  }
  return copy;
}

/** The array index a path ends with, or -1 when it ends with a member name. */
const indexAt = (path: Path): number => {
  const last = path.at(-1);
  return typeof last === 'number' ? last : -1;
};

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;
