/** What the bot says when the orders group became a supergroup and its chat id changed. */
import { bold, code, join, lines, type Html } from '../helpers/html.ts';

export const chatMoved = ({ from, to }: { from: number; to: number }): Html =>
  lines([
    join(['⬆️ ', bold('This group became a supergroup'), ', and Telegram gave it a new id: ', code(String(to)), '.']),
    join([
      'Orders and buyer messages come here now. Please set ',
      code(`TELEGRAM_CHAT_ID=${to}`),
      ' in the configuration (it still says ',
      code(String(from)),
      '). Until then the bridge remembers the new id by itself.',
    ]),
  ]);
