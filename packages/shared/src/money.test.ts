import { describe, expect, it } from 'vitest';
import { currencySymbol, formatCurrency, formatMoney, fromMinor, toMinor } from './money.ts';

describe('money', () => {
  it('converts decimal strings to minor units and back', () => {
    expect(toMinor('1234.5')).toBe(123450n);
    expect(toMinor('0.07')).toBe(7n);
    expect(toMinor('-3')).toBe(-300n);
    expect(fromMinor(123450n)).toBe('1234.50');
    expect(fromMinor(-7n)).toBe('-0.07');
  });

  it('refuses floats with more than two places and junk', () => {
    expect(() => toMinor('1.005')).toThrow(RangeError);
    expect(() => toMinor('1e3')).toThrow(RangeError);
    expect(() => toMinor('')).toThrow(RangeError);
  });

  it('formats with thousands separators, two decimals and the symbol', () => {
    expect(formatMoney('1234567.5', 'P')).toBe('P 1,234,567.50');
    expect(formatMoney('0', '৳')).toBe('৳ 0.00');
    expect(formatMoney('-1000', 'P')).toBe('-P 1,000.00');
  });

  it('formats without a symbol and with no space before the digits when there is none', () => {
    expect(formatMoney('800', '')).toBe('800.00');
    expect(formatMoney('-1234.5', '')).toBe('-1,234.50');
  });

  it('formats an amount of a currency: the brand symbol for real money, none for demo money', () => {
    expect(currencySymbol('BDT', '৳')).toBe('৳');
    expect(currencySymbol('DEMO', '৳')).toBe('');
    expect(formatCurrency('800.00', 'BDT', '৳')).toBe('৳ 800.00');
    expect(formatCurrency('1000', 'BDT', '৳')).toBe('৳ 1,000.00');
    expect(formatCurrency('2000.00', 'DEMO', '৳')).toBe('2,000.00');
    expect(formatCurrency(null, 'BDT', '৳')).toBe('—');
    expect(formatCurrency('1.005', 'BDT', '৳')).toBe('—');
  });
});
