/**
 * What a small digital-goods store sells and what its buyers type: product templates, field values
 * and chat texts. Texts deliberately include `<`, `>`, `&` and emoji so every consumer has to escape.
 */
import { integerBetween, pick, type Random } from './random.ts';

/** How a field's value is made up by a simulated buyer. */
export type FieldValueKind = 'email' | 'accountId' | 'region' | 'nickname' | 'platform' | 'amount';

export interface FieldTemplate {
  key: string;
  label: string;
  required: boolean;
  kind: FieldValueKind;
  options?: readonly string[];
  /** For `amount` fields: the value the buyer picks sets the price (our reading of `valuePricing`, see docs/api-assumptions.md). */
  range?: { min: number; max: number; step: number };
}

export interface ProductTemplate {
  title: string;
  price: number;
  fields: readonly FieldTemplate[];
}

const REGIONS = ['EU', 'North America', 'Global', 'Asia'] as const;
const PLATFORMS = ['PC (Steam)', 'PlayStation', 'Xbox'] as const;

/** Automation-enabled products, used in turn by each new store. */
const AUTOMATED_PRODUCTS: readonly ProductTemplate[] = [
  {
    title: 'Steam Key — Hollow Realms (PC)',
    price: 19.99,
    fields: [
      { key: 'email', label: 'Email for the key', required: true, kind: 'email' },
      { key: 'region', label: 'Region', required: true, kind: 'region', options: REGIONS },
    ],
  },
  {
    title: 'Gift Card 50 USD',
    price: 50,
    fields: [
      { key: 'email', label: 'Recipient email', required: true, kind: 'email' },
      { key: 'nickname', label: 'Name on the card', required: false, kind: 'nickname' },
    ],
  },
  {
    title: 'Premium Subscription — 12 months',
    price: 59.9,
    fields: [
      { key: 'account', label: 'Account ID', required: true, kind: 'accountId' },
      { key: 'email', label: 'Email', required: false, kind: 'email' },
    ],
  },
  {
    title: 'Gold Coins Top-up',
    price: 4.5,
    fields: [
      { key: 'account', label: 'Player ID', required: true, kind: 'accountId' },
      { key: 'platform', label: 'Platform', required: true, kind: 'platform', options: PLATFORMS },
      { key: 'coins', label: 'Coins', required: true, kind: 'amount', range: { min: 1000, max: 50000, step: 1000 } },
    ],
  },
];

/** Sold by hand: each store has one so the API's "automation-enabled only" filter is visible. */
const MANUAL_PRODUCT: ProductTemplate = {
  title: 'Personal Coaching Session (1 hour)',
  price: 35,
  fields: [{ key: 'nickname', label: 'Your in-game name', required: true, kind: 'nickname' }],
};

const FIRST_NAMES = ['alex', 'maria', 'chen', 'olga', 'sam', 'yuki', 'omar', 'lena', 'diego', 'nina'] as const;

export function fieldValue(random: Random, field: FieldTemplate): string {
  switch (field.kind) {
    case 'email':
      return `${pick(random, FIRST_NAMES)}${integerBetween(random, 1, 999)}@example.com`;
    case 'accountId':
      return `ACC-${integerBetween(random, 100000, 999999)}`;
    case 'nickname':
      return `${pick(random, FIRST_NAMES)}_${pick(random, ['pro', 'x', 'gamer', '42', 'the_great'])}`;
    case 'region':
    case 'platform':
      return pick(random, field.options ?? ['default']);
    case 'amount': {
      const range = field.range ?? { min: 1, max: 1, step: 1 };
      const steps = Math.floor((range.max - range.min) / range.step);
      return String(range.min + integerBetween(random, 0, steps) * range.step);
    }
  }
}

/** Mostly one item, sometimes a few, as in a real store. */
export function orderQuantity(random: Random): number {
  const roll = random();
  if (roll < 0.8) return 1;
  if (roll < 0.95) return 2;
  return integerBetween(random, 3, 5);
}

/** What buyers write, by where their order is: a buyer thanks (or complains) only once something was delivered. */
export interface BuyerTexts {
  /** Paid or in progress: questions and nudges. */
  waiting: readonly string[];
  /** Delivered, waiting for the buyer's confirmation: thanks mostly, now and then a complaint. */
  delivered: readonly string[];
}

const BUYER_TEXTS: BuyerTexts = {
  waiting: [
    'Hi! When will I get my key?',
    'Hello, I just paid 🙂',
    'Is this for the EU region <or> global?',
    'Please send it to my other email: buyer+alt@example.com',
    '<b>urgent</b> please, birthday gift 🎁',
    'How long does delivery usually take?',
    'I entered the wrong account id, it should be ACC-123456 & not ACC-654321',
    'Is 2 < 3 keys possible for a discount? 😅',
    'Hi! Will it work in Kazakhstan?',
  ],
  delivered: [
    'Got it, works perfectly! 🎮🔥',
    'Thanks & have a nice day!',
    'ok 👍',
    'Thank you!!! ❤️',
    'Code says "already redeemed" -> can you check?',
  ],
};

/** What a demo store sells and what its buyers write, in one language. */
export interface DemoCatalog {
  automated: readonly ProductTemplate[];
  manual: ProductTemplate;
  buyerTexts: BuyerTexts;
  /** Trial mode's first order comes with this message, so a seller sees a buyer message at once. */
  firstBuyerMessage: string;
}

export const ENGLISH_CATALOG: DemoCatalog = {
  automated: AUTOMATED_PRODUCTS,
  manual: MANUAL_PRODUCT,
  buyerTexts: BUYER_TEXTS,
  firstBuyerMessage: 'Hi! Please send the code to the email in the order. Thanks <3',
};

/** A buyer's text for an order in `status`, from one draw of `random`. */
export const pickBuyerText = (random: Random, status: string, texts: BuyerTexts = BUYER_TEXTS): string =>
  pick(random, status === 'awaiting_confirmation' ? texts.delivered : texts.waiting);
