/**
 * Callback data of the Quick reply menu, validated with zod on the way in. The card's "Quick reply" button is an
 * order action (`q:<order ref>`, order-action.ts, with its rule of id or #hash). The menu it opens is remembered in
 * the key-value store under a short random id, so each template button is `qs:<menu>:<index>` and Close is
 * `qx:<menu>`: at most 17 bytes, whatever the template's name or the order's id. The menu id is also what makes a
 * double tap one message (the send's idempotency key).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { OrderIdSchema } from '../../seller-api/schemas.ts';
import { kvSlot, type BotKeyValueStore, type KvSlot } from '../storage/kv.ts';
import { MAX_CALLBACK_DATA_BYTES } from './long-ref.ts';

const MENU_ID = /^[A-Za-z0-9_-]{10}$/;

const QuickDataSchema = z
  .string()
  .refine((data) => Buffer.byteLength(data, 'utf8') <= MAX_CALLBACK_DATA_BYTES, 'longer than 64 bytes')
  .transform((data, context) => {
    const [verb, menuId, index, ...rest] = data.split(':');
    const valid = rest.length === 0 && menuId !== undefined && MENU_ID.test(menuId);
    if (valid && verb === 'qx' && index === undefined) return { kind: 'close' as const, menuId };
    if (valid && verb === 'qs' && index !== undefined && /^\d{1,3}$/.test(index))
      return { kind: 'send' as const, menuId, index: Number(index) };
    context.addIssue({ code: 'custom', message: 'not a quick reply button' });
    return z.NEVER;
  });

export type QuickData = z.infer<typeof QuickDataSchema>;

export const decodeQuickData = (data: string): QuickData | undefined => {
  const parsed = QuickDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};

export const quickSendData = (menuId: string, index: number) => `qs:${menuId}:${index}`;
export const quickCloseData = (menuId: string) => `qx:${menuId}`;
export const newMenuId = () => randomBytes(8).toString('base64url').slice(0, 10);

/** An open menu: which order, the names offered (by index), and the card's own buttons, put back when it closes. */
const QuickMenuSchema = z.object({
  orderId: OrderIdSchema,
  names: z.array(z.string()),
  cardKeyboard: z.array(z.array(z.record(z.string(), z.unknown()))),
  at: z.number(),
});
export type QuickMenu = z.infer<typeof QuickMenuSchema>;

export const QUICK_MENU_PREFIX = 'quick-menu:';
export const quickMenuSlot = (kv: BotKeyValueStore, menuId: string): KvSlot<QuickMenu> =>
  kvSlot(kv, `${QUICK_MENU_PREFIX}${menuId}`, QuickMenuSchema);
