import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey, outcomeUnknown } from '@/lib/idempotency';
import { imageFile } from '../test/wallet-fixtures';
import { checkAmount, checkReceivedAmount, cleanAmountInput } from './amount';
import { imageProblem } from './files';

describe('checkAmount', () => {
  it('refuses what parsePositiveAmount refuses', () => {
    for (const text of ['abc', '1e3', '-5', '+5', '1.234', '0', '0.00', '12345678901234', '.5', '5.']) {
      expect(checkAmount(text), text).toMatchObject({ ok: false, problem: 'invalid' });
    }
    expect(checkAmount('  ')).toEqual({ ok: false, problem: 'required' });
  });

  it('sends the canonical two-place string', () => {
    expect(checkAmount('100')).toEqual({ ok: true, amount: '100.00', minor: 10000n });
    expect(checkAmount('100.5')).toEqual({ ok: true, amount: '100.50', minor: 10050n });
  });

  it('checks the limits on screen, with the limit for the message', () => {
    const limits = { min: '100.00', max: '25000.00', balance: '3000.00' };
    expect(checkAmount('99.99', limits)).toEqual({ ok: false, problem: 'belowMin', limit: '100.00' });
    expect(checkAmount('25000.01', limits)).toEqual({ ok: false, problem: 'aboveMax', limit: '25000.00' });
    expect(checkAmount('3000.01', limits)).toEqual({ ok: false, problem: 'aboveBalance', limit: '3000.00' });
    expect(checkAmount('3000', limits)).toMatchObject({ ok: true, amount: '3000.00' });
  });
});

describe('checkReceivedAmount', () => {
  it('takes zero but not the whole amount', () => {
    expect(checkReceivedAmount('0', '1000.00')).toMatchObject({ ok: true, amount: '0.00' });
    expect(checkReceivedAmount('999.99', '1000.00')).toMatchObject({ ok: true, amount: '999.99' });
    expect(checkReceivedAmount('1000', '1000.00')).toMatchObject({ ok: false, problem: 'aboveMax' });
    expect(checkReceivedAmount('-1', '1000.00')).toMatchObject({ ok: false, problem: 'invalid' });
  });
});

describe('cleanAmountInput', () => {
  it('keeps digits and one point', () => {
    expect(cleanAmountInput('1,000.5.0 ৳')).toBe('1000.50');
    expect(cleanAmountInput('-12e3')).toBe('123');
  });
});

describe('imageProblem', () => {
  it('takes png and jpg up to 5 MB', () => {
    expect(imageProblem(imageFile('a.png', 'image/png', 5 * 1024 * 1024))).toBeNull();
    expect(imageProblem(imageFile('a.jpg', 'image/jpeg'))).toBeNull();
    expect(imageProblem(imageFile('a.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe('size');
    expect(imageProblem(imageFile('a.gif', 'image/gif'))).toBe('type');
    expect(imageProblem(imageFile('a.pdf', 'application/pdf'))).toBe('type');
    // No type reported: the extension decides.
    expect(imageProblem(imageFile('photo.JPEG', ''))).toBeNull();
    expect(imageProblem(imageFile('photo.heic', ''))).toBe('type');
  });
});

describe('idempotency helpers', () => {
  it('makes UUIDs and knows which failures leave the outcome unknown', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    expect(outcomeUnknown(new ApiError('NETWORK', 'offline', 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('UNKNOWN', 'boom', 502))).toBe(true);
    expect(outcomeUnknown(new ApiError('INSUFFICIENT_FUNDS', 'no', 422))).toBe(false);
  });
});
