// What a team report over brand-zone days covers, as the agents module asks the wallet's figures for it.

/** Brand-zone days, their instants, today, and optional filters of a play report. */
export interface MemberPlayRange {
  from: string;
  to: string;
  /** Today in the brand's zone: a month that runs up to today is whole (no line is dated later). */
  today: string;
  start: Date;
  end: Date;
  vendorCode?: string;
  gameType?: string;
}
