/** The currency of free-play money, which no real account holds. */
export const DEMO_CURRENCY = 'DEMO';
/** The currency of real balances (one per brand for now). */
export const REAL_CURRENCY = 'BDT';
