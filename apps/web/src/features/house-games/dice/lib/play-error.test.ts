import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { describePlayError } from './play-error';

describe('describePlayError', () => {
  it('treats no network and server faults as a lost answer to retry', () => {
    expect(describePlayError(new ApiError('NETWORK', 'offline', 0)).kind).toBe('network');
    expect(describePlayError(new ApiError('INTERNAL', 'boom', 500)).kind).toBe('network');
    expect(describePlayError(new ApiError('UNAVAILABLE', 'later', 503)).kind).toBe('network');
  });

  it('sorts the refusals and keeps the server message', () => {
    expect(describePlayError(new ApiError('INSUFFICIENT_FUNDS', 'Low', 409, { balance: '3.50' }))).toEqual({
      kind: 'funds',
      message: 'Low',
      balance: '3.50',
    });
    expect(describePlayError(new ApiError('INSUFFICIENT_FUNDS', 'Low', 409)).balance).toBeNull();
    expect(describePlayError(new ApiError('SESSION_EXPIRED', 'Over', 401)).kind).toBe('expired');
    expect(describePlayError(new ApiError('AMOUNT_INVALID', 'Bad', 400)).kind).toBe('stake');
    expect(describePlayError(new ApiError('INVALID_INPUT', 'Bad', 400)).kind).toBe('stake');
    expect(describePlayError(new ApiError('GAME_MAINTENANCE', 'Later', 503)).kind).toBe('maintenance');
    expect(describePlayError(new ApiError('GAME_MAINTENANCE', 'Later', 423)).kind).toBe('maintenance');
    expect(describePlayError(new ApiError('SOMETHING', 'Odd', 400))).toEqual({
      kind: 'other',
      message: 'Odd',
      balance: null,
    });
    expect(describePlayError(new Error('x')).kind).toBe('other');
  });
});
