import type { Message } from 'grammy/types';

/**
 * The text after `/<command>` (or `/<command>@<this bot>`) at the start of a caption, trimmed; undefined when the
 * caption does not start with that command. grammY's `command()` never looks at captions.
 */
export function captionCommand(message: Message, command: string, botUsername: string): string | undefined {
  const caption = message.caption;
  const entity = message.caption_entities?.find((item) => item.type === 'bot_command' && item.offset === 0);
  if (caption === undefined || entity === undefined) return undefined;
  const [name = '', mention] = caption.slice(1, entity.length).split('@');
  if (name.toLowerCase() !== command) return undefined;
  if (mention !== undefined && mention.toLowerCase() !== botUsername.toLowerCase()) return undefined;
  return caption.slice(entity.length).trim();
}
