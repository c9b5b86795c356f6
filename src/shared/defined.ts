/**
 * An object without its undefined values: an optional field is absent, not present and undefined (what
 * `exactOptionalPropertyTypes` asks, and what a stored or merged record must not carry).
 */
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type OptionalKeys<T> = Exclude<keyof T, RequiredKeys<T>>;

export type WithoutUndefined<T> = { [K in RequiredKeys<T>]: T[K] } & { [K in OptionalKeys<T>]?: Exclude<T[K], undefined> };

export function withoutUndefined<const T extends object>(value: T): WithoutUndefined<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as WithoutUndefined<T>;
}
