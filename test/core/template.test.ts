import { describe, expect, it } from 'vitest';
import { checkTemplateName, checkTemplateText, MESSAGE_TEXT_LIMIT, renderSaved, renderTemplate } from '../../src/core/template.ts';
import type { Order, OrderId } from '../../src/seller-api/schemas.ts';

const order = {
  id: 'ord_1' as OrderId,
  status: 'paid',
  productTitle: 'Steam Key',
  quantity: 2,
  amount: 19.99,
  fieldValues: [{ fieldId: 'f1', label: 'Email for the key', value: 'yuki@example.com' }],
} as Order;

describe('template names', () => {
  it('takes letters of any script, digits, _ and -, lower-cased', () => {
    expect(checkTemplateName('Confirm-Reminder_2')).toEqual({ ok: true, name: 'confirm-reminder_2' });
    expect(checkTemplateName('привет')).toEqual({ ok: true, name: 'привет' });
  });
  it('refuses anything else with the reason', () => {
    expect(checkTemplateName('a b')).toEqual({ ok: false, reason: 'bad-characters' });
    expect(checkTemplateName('a.b')).toEqual({ ok: false, reason: 'bad-characters' });
    expect(checkTemplateName('')).toEqual({ ok: false, reason: 'empty' });
    expect(checkTemplateName('x'.repeat(33))).toEqual({ ok: false, reason: 'too-long' });
  });
});

describe('template texts', () => {
  it('accepts the known placeholders and plain braces', () => {
    expect(checkTemplateText(' Order {order}: {product} x{quantity} = {amount}, {field: Email }. :-{ ')).toEqual({
      ok: true,
      text: 'Order {order}: {product} x{quantity} = {amount}, {field: Email }. :-{',
    });
  });
  it('refuses an unknown placeholder, naming it', () => {
    expect(checkTemplateText('Hi {buyer}!')).toEqual({ ok: false, reason: 'unknown-placeholder', placeholder: '{buyer}' });
    expect(checkTemplateText('{field:}')).toEqual({ ok: false, reason: 'unknown-placeholder', placeholder: '{field:}' });
  });
  it('refuses an empty text and one over the store limit', () => {
    expect(checkTemplateText('  \n ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkTemplateText('x'.repeat(4001))).toMatchObject({ ok: false, reason: 'too-long', length: 4001, limit: 4000 });
  });
});

describe('renderTemplate', () => {
  it('fills every placeholder from the order, fields by label whatever their case', () => {
    expect(renderTemplate('{order} {product} {quantity} {amount} {field:email FOR the key}', order)).toEqual({
      text: 'ord_1 Steam Key 2 19.99 yuki@example.com',
      missingFields: [],
    });
  });
  it('renders a field the order lacks as empty and lists it once', () => {
    expect(renderTemplate('Region: {field:Region}.\n{field:Region}', order)).toEqual({ text: 'Region: .', missingFields: ['Region'] });
  });
  it('keeps several lines and leaves text that is no placeholder alone', () => {
    expect(renderTemplate('Hi :-{\nthanks for {order}', order).text).toBe('Hi :-{\nthanks for ord_1');
  });
});

describe('a saved template for an automatic message (the sorry of auto-cancel)', () => {
  const saved = new Map<string, { text: string }>();
  const lookup = { get: (name: string) => saved.get(name) };
  it('is rendered for the order when it exists, and is nothing when it does not', () => {
    expect(renderSaved(lookup, 'sorry', order)).toBeUndefined();
    saved.set('sorry', { text: 'Sorry, order {order} was cancelled and refunded.' });
    expect(renderSaved(lookup, 'sorry', order)).toBe('Sorry, order ord_1 was cancelled and refunded.');
  });
  it('is nothing when it renders empty or over the store limit, so nothing half-right reaches a buyer', () => {
    saved.set('blank', { text: '{field:Nope}' });
    saved.set('long', { text: `{product}${'x'.repeat(MESSAGE_TEXT_LIMIT)}` });
    expect(renderSaved(lookup, 'blank', order)).toBeUndefined();
    expect(renderSaved(lookup, 'long', order)).toBeUndefined();
  });
});
