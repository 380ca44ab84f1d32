import { randomInt } from 'node:crypto';
import { today } from '@portal/shared/date-range';

/** "D20261122" + 10 random digits: readable on a phone call, unguessable, unique by index (a clash just fails). */
export function orderNumber(prefix: 'D' | 'W' | 'T', now = new Date()): string {
  const random = `${randomInt(100_000)}`.padStart(5, '0') + `${randomInt(100_000)}`.padStart(5, '0');
  return `${prefix}${today(now).replaceAll('-', '')}${random}`;
}
