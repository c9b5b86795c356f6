/**
 * The sandbox's in-memory stores: products, orders, chats and keys. Everything the `/v1` API, the
 * control surface and the simulated buyers do goes through here, so they all see one truth.
 */
import type { ProductId } from '../seller-api/schemas.ts';
import { ENGLISH_CATALOG, fieldValue, orderQuantity, type DemoCatalog, type ProductTemplate } from './catalog.ts';
import type { CreateOrderInput, SandboxProduct } from './contract.ts';
import { SandboxError } from './errors.ts';
import { generateApiKey, hashApiKey, type MintId } from './ids.ts';
import type { Random } from './random.ts';
import { compareMessages, type FieldValueRecord, type MessageRecord, type OrderRecord } from './records.ts';
import { applyTransition, type TransitionInput, type TransitionName } from './transitions.ts';

interface StoredProduct {
  product: SandboxProduct;
  template: ProductTemplate;
}

interface StoreRecord {
  id: string;
  name: string;
  products: StoredProduct[];
}

interface KeyRecord {
  storeId: string;
  revoked: boolean;
}

export interface OrderListQuery {
  status: string;
  productId: string | undefined;
  page: number;
  limit: number;
}

export interface StoreModelDeps {
  now: () => number;
  mintId: MintId;
  /** For field values of orders created without them. */
  random: Random;
  /** What the stores sell; English by default. */
  catalog?: DemoCatalog;
}

/** Called after every change of an order (creation included), e.g. so buyers can confirm deliveries. */
export type OrderListener = (order: OrderRecord) => void;

export type StoreModel = ReturnType<typeof createStoreModel>;

const OPEN_STATUSES: readonly string[] = ['paid', 'processing', 'awaiting_confirmation'];

export function createStoreModel({ now, mintId, random, catalog: demo = ENGLISH_CATALOG }: StoreModelDeps) {
  const stores = new Map<string, StoreRecord>();
  const keysByHash = new Map<string, KeyRecord>();
  const orders = new Map<string, OrderRecord>();
  const chats = new Map<string, MessageRecord[]>();
  const listeners = new Set<OrderListener>();

  const notify = (order: OrderRecord): void => {
    for (const listener of listeners) listener(order);
  };

  function storeRecord(storeId: string): StoreRecord {
    const store = stores.get(storeId);
    if (!store) throw new SandboxError('STORE_NOT_FOUND', `no store ${storeId}`);
    return store;
  }

  function makeProduct(template: ProductTemplate, automationEnabled: boolean): StoredProduct {
    const product: SandboxProduct = {
      id: mintId('prd') as ProductId,
      title: template.title,
      price: template.price,
      active: true,
      automationEnabled,
      fields: template.fields.map((field) => ({
        id: field.key,
        type: 'text',
        label: field.label,
        required: field.required,
        multiple: false,
        options: (field.options ?? []).map((label, index) => ({ id: `opt_${index + 1}`, label })),
        valuePricing: field.range !== undefined,
        valueMin: field.range?.min,
        valueMax: field.range?.max,
        valueStep: field.range?.step,
        dataRequest: field.range === undefined,
      })),
    };
    return { product, template };
  }

  function createStore(options: { name?: string; products?: number } = {}): { storeId: string; apiKey: string } {
    const count = options.products ?? 1;
    if (!Number.isInteger(count) || count < 1 || count > 50) {
      throw new SandboxError('VALIDATION_ERROR', 'products must be an integer from 1 to 50');
    }
    const id = mintId('sto');
    const products: StoredProduct[] = [];
    for (let i = 0; i < count; i += 1) {
      const template = demo.automated[i % demo.automated.length] as ProductTemplate;
      products.push(makeProduct(template, true));
    }
    products.push(makeProduct(demo.manual, false));
    stores.set(id, { id, name: options.name ?? `Store ${stores.size + 1}`, products });
    const apiKey = generateApiKey();
    keysByHash.set(hashApiKey(apiKey), { storeId: id, revoked: false });
    return { storeId: id, apiKey };
  }

  /** The store a presented key acts for, or undefined when the key is unknown or revoked. */
  function storeIdForKey(apiKey: string): string | undefined {
    const key = keysByHash.get(hashApiKey(apiKey));
    return key && !key.revoked ? key.storeId : undefined;
  }

  function revokeKey(apiKey: string): void {
    const key = keysByHash.get(hashApiKey(apiKey));
    if (!key) throw new SandboxError('KEY_NOT_FOUND', 'no such key');
    key.revoked = true;
  }

  const catalog = (storeId: string): SandboxProduct[] => storeRecord(storeId).products.map(({ product }) => product);

  const automatedProducts = (storeId: string): SandboxProduct[] => catalog(storeId).filter((product) => product.automationEnabled);

  function storedProduct(store: StoreRecord, productId: string | undefined): StoredProduct {
    if (productId === undefined) return store.products[0] as StoredProduct;
    const found = store.products.find(({ product }) => product.id === productId);
    if (!found) throw new SandboxError('PRODUCT_NOT_FOUND', `no product ${productId} in store ${store.id}`);
    return found;
  }

  /** What a buyer fills in when ordering: quantity, field values, and the unit price they make. */
  function draftOrder(stored: StoredProduct, rng: Random): { quantity: number; unitPrice: number; fieldValues: FieldValueRecord[] } {
    const quantity = orderQuantity(rng);
    let unitPrice = stored.template.price;
    const fieldValues = stored.template.fields.map((field) => {
      const value = fieldValue(rng, field);
      // A value-priced field (e.g. coins) scales the price from its minimum.
      if (field.range) unitPrice = (unitPrice * Number(value)) / field.range.min;
      return { fieldId: field.key, label: field.label, value };
    });
    return { quantity, unitPrice, fieldValues };
  }

  function createOrder(input: CreateOrderInput = {}, rng: Random = random): OrderRecord {
    const store = input.storeId === undefined ? firstStore() : storeRecord(input.storeId);
    const stored = storedProduct(store, input.productId);
    const draft = draftOrder(stored, rng);
    const quantity = input.quantity ?? draft.quantity;
    const order: OrderRecord = {
      id: mintId('ord'),
      storeId: store.id,
      productId: stored.product.id,
      productTitle: stored.product.title ?? '',
      quantity,
      amount: input.amount ?? roundMoney(draft.unitPrice * quantity),
      fieldValues: input.fieldValues
        ? input.fieldValues.map((field, index) => ({
            fieldId: field.fieldId ?? `field_${index + 1}`,
            label: field.label ?? `Field ${index + 1}`,
            value: field.value ?? '',
          }))
        : draft.fieldValues,
      status: input.status ?? 'paid',
      createdAt: input.createdAt === undefined ? now() : parseTimestamp(input.createdAt, 'createdAt'),
      assigneeType: null,
      deliveredValue: null,
      takenAt: null,
      deliveredAt: null,
      refunded: false,
      credited: false,
    };
    if (order.status.trim() === '') throw new SandboxError('VALIDATION_ERROR', 'status must not be empty');
    orders.set(order.id, order);
    chats.set(order.id, []);
    notify(order);
    return order;
  }

  function firstStore(): StoreRecord {
    const [store] = stores.values();
    if (!store) throw new SandboxError('STORE_NOT_FOUND', 'no store exists yet');
    return store;
  }

  function findOrder(orderId: string): OrderRecord | undefined {
    return orders.get(orderId);
  }

  function orderRecord(orderId: string): OrderRecord {
    const order = orders.get(orderId);
    if (!order) throw new SandboxError('ORDER_NOT_FOUND', `no order ${orderId}`);
    return order;
  }

  const isAutomated = (order: OrderRecord): boolean =>
    stores.get(order.storeId)?.products.some(({ product }) => product.id === order.productId && product.automationEnabled) ?? false;

  /**
   * An order as a key of `storeId` may see it: another store's order, or an order of a product
   * without automation, does not exist for that key.
   */
  function visibleOrder(storeId: string, orderId: string): OrderRecord {
    const order = orders.get(orderId);
    if (!order || order.storeId !== storeId || !isAutomated(order)) {
      throw new SandboxError('ORDER_NOT_FOUND', 'no order with that id in this store');
    }
    return order;
  }

  /** Newest first (createdAt DESC, then id DESC): deliberately not an order a client may rely on. */
  function listOrders(storeId: string, query: OrderListQuery): { orders: OrderRecord[]; total: number } {
    const matching = [...orders.values()]
      .filter(
        (order) =>
          order.storeId === storeId &&
          order.status === query.status &&
          (query.productId === undefined || order.productId === query.productId) &&
          isAutomated(order),
      )
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const start = (query.page - 1) * query.limit;
    return { orders: matching.slice(start, start + query.limit), total: matching.length };
  }

  function transition(order: OrderRecord, name: TransitionName, input?: TransitionInput): OrderRecord {
    applyTransition(order, name, now(), input);
    notify(order);
    return order;
  }

  /** As the store website or the buyer would: no state-machine checks. */
  function setStatus(orderId: string, status: string): OrderRecord {
    if (typeof status !== 'string' || status.trim() === '') {
      throw new SandboxError('VALIDATION_ERROR', 'status must be a non-empty string');
    }
    const order = orderRecord(orderId);
    if ((status === 'cancelled' || status === 'refunded') && order.status !== status) order.refunded = true;
    order.status = status;
    notify(order);
    return order;
  }

  function addMessage(orderId: string, senderRole: string, text: string, createdAt?: string): MessageRecord {
    const chat = chats.get(orderRecord(orderId).id) as MessageRecord[];
    const message: MessageRecord = {
      id: mintId('msg'),
      orderId,
      senderRole,
      text,
      createdAt: createdAt === undefined ? now() : parseTimestamp(createdAt, 'createdAt'),
    };
    chat.push(message);
    // Usually already in place; a control-supplied createdAt may land in the past.
    chat.sort(compareMessages);
    return message;
  }

  /** Every message of an order, ascending by (createdAt, id). */
  const messagesOf = (orderId: string): MessageRecord[] => [...(chats.get(orderRecord(orderId).id) as MessageRecord[])];

  const openOrders = (storeId: string): OrderRecord[] =>
    [...orders.values()].filter((order) => order.storeId === storeId && OPEN_STATUSES.includes(order.status));

  function onOrderChanged(listener: OrderListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    createStore,
    storeIdForKey,
    revokeKey,
    catalog,
    automatedProducts,
    createOrder,
    findOrder,
    orderRecord,
    visibleOrder,
    listOrders,
    transition,
    setStatus,
    addMessage,
    messagesOf,
    openOrders,
    onOrderChanged,
  };
}

const roundMoney = (value: number): number => Math.round(value * 100) / 100;

export function parseTimestamp(value: string, name: string): number {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new SandboxError('VALIDATION_ERROR', `${name} must be an ISO 8601 timestamp`);
  return ms;
}
