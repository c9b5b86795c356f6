/**
 * Which store a shell command works on (`npm run stock`, `npm run export`): `--store NAME` names one of the stores
 * (STORES_FILE's, or `main` alone). The stock CLI needs exactly one, so `--store` is required with two or more.
 */

/** `--store NAME` or `--store=NAME` taken out of the arguments, wherever it stands. */
export function takeStoreOption(args: readonly string[]): { store: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let store: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--store') store = args[++index] ?? '';
    else if (arg.startsWith('--store=')) store = arg.slice('--store='.length);
    else rest.push(arg);
  }
  return { store, rest };
}

/** The store asked for, checked against the stores; `required`: with several, one must be named. */
export function chooseStore(
  names: readonly string[],
  asked: string | undefined,
  required: boolean,
): { store: string | undefined } | { error: string } {
  const list = names.join(', ');
  if (asked !== undefined)
    return names.includes(asked) ? { store: asked } : { error: `--store: there is no store "${asked}"; the stores: ${list}` };
  if (names.length === 1) return { store: names[0] };
  return required ? { error: `--store NAME is required with several stores; the stores: ${list}` } : { store: undefined };
}
