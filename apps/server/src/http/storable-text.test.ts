import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableField } from './storable-text.ts';

describe('text PostgreSQL can store', () => {
  it('accepts any well-formed text, Bengali and paired surrogates (emoji) included', () => {
    for (const text of ['', 'bonus', 'বোনাস ৫০০', 'bonus 🎉', '\u{1F600}\u{10FFFF}', 'tab\tand\nnew line']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses U+0000 and a surrogate without its partner, at either end or alone', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\ud83d', '\ude00x', '\udc00\ud800']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the first bad field the way validation errors do, or the part when the value itself is bad', () => {
    expect(unstorableField({ title: { en: 'ok', bn: 'ভাল\u0000' } }, 'body')).toBe('title.bn');
    expect(unstorableField({ items: ['a', { name: '\ud800' }] }, 'body')).toBe('items.1.name');
    expect(unstorableField({ nested: { 'bad\u0000key': 1 } }, 'body')).toBe('nested');
    expect(unstorableField('\u0000', 'body')).toBe('body');
    expect(unstorableField({ amount: 5, ok: true, none: null, text: 'fine' }, 'body')).toBeNull();
    // Raw bytes are not text: a signed vendor body is checked by whoever parses it.
    expect(unstorableField(Buffer.from([0, 0xed, 0xa0, 0x80]), 'body')).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableField(deep, 'body')).toMatch(/^0(\.0)*$/);
  });
});
