/** Button labels are part of the public interface (README, "Using it"): tools and people rely on them verbatim. */
export const BUTTONS = {
  take: 'Take',
  cancel: 'Cancel',
  deliver: 'Deliver',
  deliverWithoutValue: 'Deliver without value',
  confirm: 'Confirm',
  back: 'Back',
  replaceItem: ({ hint }: { hint: string }) => `🔁 Replace ${hint}`,
} as const;
