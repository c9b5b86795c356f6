import { describe, expect, it } from 'vitest';
import { decodeQuickData, newMenuId, quickCloseData, quickSendData } from '../../src/bot/callback-data/quick-reply.ts';

describe('Quick reply callback data', () => {
  it('round-trips a template button and Close, far under 64 bytes', () => {
    const menuId = newMenuId();
    expect(decodeQuickData(quickSendData(menuId, 47))).toEqual({ kind: 'send', menuId, index: 47 });
    expect(decodeQuickData(quickCloseData(menuId))).toEqual({ kind: 'close', menuId });
    expect(Buffer.byteLength(quickSendData(menuId, 999))).toBeLessThanOrEqual(17);
  });

  it.each([
    'qs:short:1',
    'qs:abcdefghij',
    'qs:abcdefghij:x',
    'qx:abcdefghij:1',
    'qs:abcdefghij:1:2',
    't:ord_1',
    `qs:abcdefghij:${'1'.repeat(70)}`,
  ])('reads %s as no quick reply button', (data) => {
    expect(decodeQuickData(data)).toBeUndefined();
  });
});
