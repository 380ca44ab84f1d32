-- The fast e-lottery's other groups (issue 30): 5D, SSC, 11X5, PK10 and LHC, each with one game and its odds as
-- settings. The group list also admits VN, whose games migration 0056 adds.

ALTER TABLE lottery_games DROP CONSTRAINT lottery_games_group_code_check;
ALTER TABLE lottery_games ADD CONSTRAINT lottery_games_group_code_check
  CHECK (group_code IN ('WINGO', 'K3', '5D', 'SSC', '11X5', 'PK10', 'LHC', 'VN'));

INSERT INTO lottery_games (code, group_code, menu_tag, name_en, name_bn, round_seconds, lock_seconds,
                           min_stake_minor, max_stake_minor, sort_order) VALUES
  ('5D_1M', '5D', '5D', '5D 1 minute', '৫ডি ১ মিনিট', 60, 5, 100, 5000000, 6),
  ('SSC_1M', 'SSC', 'SSC', 'SSC 1 minute', 'এসএসসি ১ মিনিট', 60, 5, 100, 5000000, 7),
  ('11X5_3M', '11X5', '11X5', '11 choose 5, 3 minutes', '১১ থেকে ৫, ৩ মিনিট', 180, 10, 100, 5000000, 8),
  ('PK10_1M', 'PK10', 'PK10', 'PK10 racing 1 minute', 'পিকে১০ রেসিং ১ মিনিট', 60, 5, 100, 5000000, 9),
  ('LHC_5M', 'LHC', 'LHC', 'Mark Six 5 minutes', 'মার্ক সিক্স ৫ মিনিট', 300, 10, 100, 5000000, 10);

-- House edges at these odds: digit, sizes and parities 2 %; dragon or tiger 2.35 % (a tie loses both); tie 4 %.
INSERT INTO lottery_odds (game_code, odds_key, odds_e4)
SELECT g.code, o.odds_key, o.odds_e4
  FROM lottery_games g
  JOIN (VALUES ('digit', 98000), ('position_size', 19600), ('position_parity', 19600), ('sum_size', 19600),
               ('sum_parity', 19600), ('dragon_tiger', 21700), ('tie', 96000))
       AS o (odds_key, odds_e4) ON true
 WHERE g.group_code IN ('5D', 'SSC');

-- About 3 % on each: any k of five pays 0.97 over C(11 − k, 5 − k) / 462, rounded down; the first number 10.67.
INSERT INTO lottery_odds (game_code, odds_key, odds_e4)
SELECT g.code, o.odds_key, o.odds_e4
  FROM lottery_games g
  JOIN (VALUES ('any1', 21300), ('any2', 53300), ('any3', 160000), ('any4', 640200), ('any5', 4481400),
               ('first', 106700))
       AS o (odds_key, odds_e4) ON true
 WHERE g.group_code = '11X5';

-- A position's car, the champion's size and parity, dragon or tiger: 2 %; the sum of the first two: about 3 %.
INSERT INTO lottery_odds (game_code, odds_key, odds_e4)
SELECT g.code, o.odds_key, o.odds_e4
  FROM lottery_games g
  JOIN (VALUES ('position', 98000), ('champion_size', 19600), ('champion_parity', 19600), ('dragon_tiger', 19600),
               ('sum_3', 436500), ('sum_4', 436500), ('sum_18', 436500), ('sum_19', 436500),
               ('sum_5', 218200), ('sum_6', 218200), ('sum_16', 218200), ('sum_17', 218200),
               ('sum_7', 145500), ('sum_8', 145500), ('sum_14', 145500), ('sum_15', 145500),
               ('sum_9', 109100), ('sum_10', 109100), ('sum_12', 109100), ('sum_13', 109100),
               ('sum_11', 87300))
       AS o (odds_key, odds_e4) ON true
 WHERE g.group_code = 'PK10';

-- The special number 3.06 %; its size and parity (49 loses them) and any main number 2.04 %.
INSERT INTO lottery_odds (game_code, odds_key, odds_e4)
SELECT g.code, o.odds_key, o.odds_e4
  FROM lottery_games g
  JOIN (VALUES ('special', 475000), ('special_size', 20000), ('special_parity', 20000), ('main', 80000))
       AS o (odds_key, odds_e4) ON true
 WHERE g.group_code = 'LHC';
