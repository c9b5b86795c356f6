/**
 * Callback data of "Send the edited text": `er:<message id>.<edit date>`, the edited message in the button's chat
 * and which of its edits (a message can be edited again). The text itself waits in the key-value store
 * (storage/edit-offers.ts): callback data holds at most 64 bytes, and this takes at most 32.
 */
import { z } from 'zod';

export interface EditedReplyRef {
  messageId: number;
  /** Telegram's `edit_date` of the edit, in seconds. */
  editDate: number;
}

const PREFIX = 'er:';
const DataSchema = z
  .string()
  .regex(/^er:\d{1,16}\.\d{1,12}$/)
  .transform((data): EditedReplyRef => {
    const [messageId, editDate] = data.slice(PREFIX.length).split('.').map(Number) as [number, number];
    return { messageId, editDate };
  });

export const encodeEditedReply = ({ messageId, editDate }: EditedReplyRef): string => `${PREFIX}${messageId}.${editDate}`;

/** The edit a button stands for, or undefined for any other data. */
export function decodeEditedReply(data: string): EditedReplyRef | undefined {
  const parsed = DataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
