/**
 * What a realistic buyer message is about (realistic-plan.ts's texts): just after paying, while the order is
 * processed, a pre-existing order still waiting, after delivery, and the follow-ups of each.
 */
/** What a buyer's first message is about; a follow-up is named after the message it follows. */
export type Opener = 'paid' | 'processing' | 'waiting' | 'delivered';
export type Topic = Opener | `follow-up ${Opener}`;

const OPENERS: readonly [string, Opener][] = [
  ['just paid', 'paid'],
  ['any news', 'processing'],
  ['still waiting', 'waiting'],
  ['got it', 'delivered'],
];

/** The topic of a realistic buyer text; `lastOpener`: the opener this order's buyer wrote last. */
export function topicOf(text: string, lastOpener: Opener | undefined): Topic | undefined {
  const opener = OPENERS.find(([prefix]) => text.startsWith(prefix))?.[1];
  if (opener !== undefined) return opener;
  return text.startsWith('follow-up') && lastOpener !== undefined ? `follow-up ${lastOpener}` : undefined;
}

export function isOpener(topic: Topic): topic is Opener {
  return !topic.startsWith('follow-up');
}
