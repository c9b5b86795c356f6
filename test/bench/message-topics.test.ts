/**
 * The realistic workload's messages are told apart by what they are about, so the report can show which kind of
 * message makes a latency tail: openers by their text, follow-ups after the opener of their order.
 */
import { describe, expect, it } from 'vitest';
import { topicOf } from '../../bench/message-topic-kind.ts';
import { planNewOrder } from '../../bench/realistic-plan.ts';
import { deriveRandom } from '../../src/sandbox/random.ts';

describe('message topics', () => {
  it('names every message a planned order writes, follow-ups after their opener', () => {
    const topics: string[] = [];
    let last: Parameters<typeof topicOf>[1];
    for (let k = 0; k < 50; k++) {
      for (const step of planNewOrder(deriveRandom(7, `new-${k}`), 0, k % 2 === 0)) {
        if (step.kind !== 'message') continue;
        const topic = topicOf(step.text, last);
        expect(topic, step.text).toBeDefined();
        if (topic !== undefined && !topic.startsWith('follow-up')) last = topic as typeof last;
        topics.push(topic as string);
      }
    }
    expect(new Set(topics)).toEqual(
      new Set(['paid', 'processing', 'delivered', 'follow-up paid', 'follow-up processing', 'follow-up delivered']),
    );
  });

  it('leaves a follow-up without an opener, and other texts, unnamed', () => {
    expect(topicOf('follow-up 1: thanks, and one more question', undefined)).toBeUndefined();
    expect(topicOf('earlier question about ord_1', 'paid')).toBeUndefined();
    expect(topicOf('got it, how do I activate it?', 'paid')).toBe('delivered');
  });
});
