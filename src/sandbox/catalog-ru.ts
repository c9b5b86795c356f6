/**
 * The demo store in Russian (trial mode with BOT_LANGUAGE=ru): the same products, prices and fields as catalog.ts,
 * so a trial behaves the same in either language, and buyer texts with `<`, `>`, `&` and emoji to escape.
 */
import type { BuyerTexts, DemoCatalog, ProductTemplate } from './catalog.ts';

const REGIONS = ['Европа', 'Северная Америка', 'Весь мир', 'Азия'] as const;
const PLATFORMS = ['ПК (Steam)', 'PlayStation', 'Xbox'] as const;

const AUTOMATED: readonly ProductTemplate[] = [
  {
    title: 'Ключ Steam — Hollow Realms (ПК)',
    price: 19.99,
    fields: [
      { key: 'email', label: 'Email для ключа', required: true, kind: 'email' },
      { key: 'region', label: 'Регион', required: true, kind: 'region', options: REGIONS },
    ],
  },
  {
    title: 'Подарочная карта на 50 USD',
    price: 50,
    fields: [
      { key: 'email', label: 'Email получателя', required: true, kind: 'email' },
      { key: 'nickname', label: 'Имя на карте', required: false, kind: 'nickname' },
    ],
  },
  {
    title: 'Премиум-подписка — 12 месяцев',
    price: 59.9,
    fields: [
      { key: 'account', label: 'ID аккаунта', required: true, kind: 'accountId' },
      { key: 'email', label: 'Email', required: false, kind: 'email' },
    ],
  },
  {
    title: 'Пополнение золотых монет',
    price: 4.5,
    fields: [
      { key: 'account', label: 'ID игрока', required: true, kind: 'accountId' },
      { key: 'platform', label: 'Платформа', required: true, kind: 'platform', options: PLATFORMS },
      { key: 'coins', label: 'Монеты', required: true, kind: 'amount', range: { min: 1000, max: 50000, step: 1000 } },
    ],
  },
];

const MANUAL: ProductTemplate = {
  title: 'Персональная тренировка (1 час)',
  price: 35,
  fields: [{ key: 'nickname', label: 'Ваш ник в игре', required: true, kind: 'nickname' }],
};

const BUYER_TEXTS: BuyerTexts = {
  waiting: [
    'Здравствуйте! Когда придёт ключ?',
    'Добрый день, только что оплатил 🙂',
    'Это для региона Европа <или> для всего мира?',
    'Пришлите, пожалуйста, на другую почту: buyer+alt@example.com',
    '<b>срочно</b> пожалуйста, подарок на день рождения 🎁',
    'Сколько обычно ждать?',
    'Я ошибся в ID аккаунта: правильный ACC-123456 & не ACC-654321',
    'А если взять 2 < 3 ключа, будет скидка? 😅',
    'Здравствуйте! Подойдёт для Казахстана?',
  ],
  delivered: [
    'Получил, всё работает! 🎮🔥',
    'Спасибо & хорошего дня!',
    'ок 👍',
    'Спасибо!!! ❤️',
    'Ключ пишет «уже активирован» -> можете проверить?',
  ],
};

export const RUSSIAN_CATALOG: DemoCatalog = {
  automated: AUTOMATED,
  manual: MANUAL,
  buyerTexts: BUYER_TEXTS,
  firstBuyerMessage: 'Здравствуйте! Пришлите, пожалуйста, код на почту из заказа. Спасибо <3',
};
