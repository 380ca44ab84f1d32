import { describe, expect, it } from 'vitest';
import { lotteryGame } from '../test/lottery-fixtures';
import { EMPTY_FILTER, filterGames, selectListType, selectTag, selectWeekday, WEEKDAYS } from './lobby-filter';

const wingo = lotteryGame({ gameId: 'WINGO_1M', gameMenuTag: 'WINGO', remark: 'Win Go 1 Minute' });
const k3 = lotteryGame({ gameId: 'K3_1M', gameGroupCode: 'K3', gameMenuTag: 'K3', remark: 'K3 1 Minute' });
const hcm = lotteryGame({
  gameId: 'VN_HCM',
  gameGroupCode: 'VN',
  gameMenuTag: 'SOUTH',
  remark: 'Hồ Chí Minh',
  drawDayOfWeek: 2,
});
const games = [wingo, k3, hcm];
const ids = (list: { gameId: string }[]) => list.map((game) => game.gameId);

describe('lobby filter', () => {
  it('orders the weekdays Monday to Saturday, then Sunday', () => {
    expect(WEEKDAYS).toEqual([2, 3, 4, 5, 6, 7, 1]);
  });

  it('shows every game without a filter, and a tag’s games with one', () => {
    expect(ids(filterGames(games, EMPTY_FILTER))).toEqual(['WINGO_1M', 'K3_1M', 'VN_HCM']);
    expect(ids(filterGames(games, selectTag(EMPTY_FILTER, 'K3')))).toEqual(['K3_1M']);
  });

  it('keeps games drawn every day on any weekday and weekly games on their own day only', () => {
    expect(ids(filterGames(games, selectWeekday(EMPTY_FILTER, 2)))).toEqual(['WINGO_1M', 'K3_1M', 'VN_HCM']);
    expect(ids(filterGames(games, selectWeekday(EMPTY_FILTER, 1)))).toEqual(['WINGO_1M', 'K3_1M']);
  });

  it('searches names as a case-insensitive substring', () => {
    expect(ids(filterGames(games, { ...EMPTY_FILTER, search: 'win go' }))).toEqual(['WINGO_1M']);
    expect(ids(filterGames(games, { ...EMPTY_FILTER, search: 'CHÍ' }))).toEqual(['VN_HCM']);
    expect(ids(filterGames(games, { ...EMPTY_FILTER, search: '  minute ' }))).toEqual(['WINGO_1M', 'K3_1M']);
  });

  it('clears the list type and the weekday when a menu tag is selected', () => {
    const hot = selectWeekday(selectListType(EMPTY_FILTER, 'hot'), 4);
    expect(hot).toMatchObject({ listType: 'hot', weekday: 4, tag: null });
    expect(selectTag(hot, 'WINGO')).toEqual({ ...EMPTY_FILTER, tag: 'WINGO' });
  });

  it('ignores the tag while a list type is shown', () => {
    expect(ids(filterGames(games, { ...EMPTY_FILTER, tag: 'K3', listType: 'saved' }))).toEqual([
      'WINGO_1M',
      'K3_1M',
      'VN_HCM',
    ]);
  });
});
