-- The Vietnamese lottery (issue 30): the northern draw every day and the southern and central provinces by weekday.
-- Its games are rows of lottery_games (group VN); its prices and payouts per point are rows of lottery_odds in minor
-- units (keys <betType>_price_minor and <betType>_payout_minor); its draws are lottery_draws (numero = yyyyMMdd of
-- the draw day in Vietnam), drawn from a results source instead of the house's formula.

ALTER TABLE lottery_games DROP CONSTRAINT IF EXISTS lottery_games_group_code_check;
ALTER TABLE lottery_games ADD CONSTRAINT lottery_games_group_code_check
  CHECK (group_code IN ('WINGO', 'K3', '5D', 'SSC', '11X5', 'PK10', 'LHC', 'VN'));

-- Where and when a Vietnamese game draws: the region fixes the prize table (27 prizes north, 18 south and central)
-- and the draw time; draw_days are the weekdays (1 = Sunday ... 7 = Saturday), empty for the daily northern draw.
CREATE TABLE lottery_vn_games (
  game_code text PRIMARY KEY REFERENCES lottery_games (code),
  region    text NOT NULL CHECK (region IN ('north', 'south', 'central')),
  name_vi   text NOT NULL,
  draw_days smallint[] NOT NULL CHECK (draw_days <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  CHECK ((region = 'north') = (cardinality(draw_days) = 0))
);

-- An operator's entry of a draw's official results, drawn and settled only once a different operator confirms it.
CREATE TABLE lottery_vn_entries (
  draw_id      bigint PRIMARY KEY REFERENCES lottery_draws (id),
  prizes       jsonb NOT NULL,
  entered_by   text NOT NULL,
  entered_at   timestamptz NOT NULL DEFAULT now(),
  confirmed_by text,
  confirmed_at timestamptz,
  CHECK (confirmed_by IS NULL OR confirmed_by <> entered_by)
);

INSERT INTO lottery_games (code, group_code, menu_tag, name_en, name_bn, round_seconds, lock_seconds,
                           min_stake_minor, max_stake_minor, sort_order)
SELECT g.code, 'VN', g.tag, g.name_en, g.name_bn, 86400, 900, 100, 10000000, 100 + g.ord
  FROM (VALUES
    ('VN_MB', 'NORTH', 'Northern lottery', 'উত্তরের লটারি', 0),
    ('VN_HCM', 'SOUTH', 'Ho Chi Minh City', 'হো চি মিন সিটি', 1),
    ('VN_DT', 'SOUTH', 'Dong Thap', 'দং থাপ', 2),
    ('VN_CM', 'SOUTH', 'Ca Mau', 'কা মাউ', 3),
    ('VN_BTR', 'SOUTH', 'Ben Tre', 'বেন চে', 4),
    ('VN_VT', 'SOUTH', 'Vung Tau', 'ভুং তাউ', 5),
    ('VN_BL', 'SOUTH', 'Bac Lieu', 'বাক লিউ', 6),
    ('VN_DN', 'SOUTH', 'Dong Nai', 'দং নাই', 7),
    ('VN_CT', 'SOUTH', 'Can Tho', 'কান থো', 8),
    ('VN_ST', 'SOUTH', 'Soc Trang', 'সক চাং', 9),
    ('VN_TN', 'SOUTH', 'Tay Ninh', 'তায় নিন', 10),
    ('VN_AG', 'SOUTH', 'An Giang', 'আন জিয়াং', 11),
    ('VN_BTH', 'SOUTH', 'Binh Thuan', 'বিন থুয়ান', 12),
    ('VN_VL', 'SOUTH', 'Vinh Long', 'ভিন লং', 13),
    ('VN_BD', 'SOUTH', 'Binh Duong', 'বিন দুয়ং', 14),
    ('VN_TV', 'SOUTH', 'Tra Vinh', 'চা ভিন', 15),
    ('VN_LA', 'SOUTH', 'Long An', 'লং আন', 16),
    ('VN_BP', 'SOUTH', 'Binh Phuoc', 'বিন ফুয়ক', 17),
    ('VN_HG', 'SOUTH', 'Hau Giang', 'হাউ জিয়াং', 18),
    ('VN_TG', 'SOUTH', 'Tien Giang', 'তিয়েন জিয়াং', 19),
    ('VN_KG', 'SOUTH', 'Kien Giang', 'কিয়েন জিয়াং', 20),
    ('VN_DL', 'SOUTH', 'Da Lat', 'দা লাত', 21),
    ('VN_TTH', 'CENTRAL', 'Thua Thien Hue', 'থুয়া থিয়েন হুয়ে', 22),
    ('VN_PY', 'CENTRAL', 'Phu Yen', 'ফু ইয়েন', 23),
    ('VN_DLK', 'CENTRAL', 'Dak Lak', 'দাক লাক', 24),
    ('VN_QNM', 'CENTRAL', 'Quang Nam', 'কুয়াং নাম', 25),
    ('VN_DNG', 'CENTRAL', 'Da Nang', 'দা নাং', 26),
    ('VN_KH', 'CENTRAL', 'Khanh Hoa', 'খান হোয়া', 27),
    ('VN_BDI', 'CENTRAL', 'Binh Dinh', 'বিন দিন', 28),
    ('VN_QT', 'CENTRAL', 'Quang Tri', 'কুয়াং চি', 29),
    ('VN_QB', 'CENTRAL', 'Quang Binh', 'কুয়াং বিন', 30),
    ('VN_GL', 'CENTRAL', 'Gia Lai', 'জিয়া লাই', 31),
    ('VN_NT', 'CENTRAL', 'Ninh Thuan', 'নিন থুয়ান', 32),
    ('VN_QNG', 'CENTRAL', 'Quang Ngai', 'কুয়াং এনগাই', 33),
    ('VN_DNO', 'CENTRAL', 'Dak Nong', 'দাক নং', 34),
    ('VN_KT', 'CENTRAL', 'Kon Tum', 'কন তুম', 35))
    AS g (code, tag, name_en, name_bn, ord);

-- The weekly schedule of the official draws (1 = Sunday ... 7 = Saturday).
INSERT INTO lottery_vn_games (game_code, region, name_vi, draw_days) VALUES
  ('VN_MB', 'north', 'Xổ số Miền Bắc', '{}'),
  ('VN_HCM', 'south', 'TP. Hồ Chí Minh', '{2,7}'),
  ('VN_DT', 'south', 'Đồng Tháp', '{2}'),
  ('VN_CM', 'south', 'Cà Mau', '{2}'),
  ('VN_BTR', 'south', 'Bến Tre', '{3}'),
  ('VN_VT', 'south', 'Vũng Tàu', '{3}'),
  ('VN_BL', 'south', 'Bạc Liêu', '{3}'),
  ('VN_DN', 'south', 'Đồng Nai', '{4}'),
  ('VN_CT', 'south', 'Cần Thơ', '{4}'),
  ('VN_ST', 'south', 'Sóc Trăng', '{4}'),
  ('VN_TN', 'south', 'Tây Ninh', '{5}'),
  ('VN_AG', 'south', 'An Giang', '{5}'),
  ('VN_BTH', 'south', 'Bình Thuận', '{5}'),
  ('VN_VL', 'south', 'Vĩnh Long', '{6}'),
  ('VN_BD', 'south', 'Bình Dương', '{6}'),
  ('VN_TV', 'south', 'Trà Vinh', '{6}'),
  ('VN_LA', 'south', 'Long An', '{7}'),
  ('VN_BP', 'south', 'Bình Phước', '{7}'),
  ('VN_HG', 'south', 'Hậu Giang', '{7}'),
  ('VN_TG', 'south', 'Tiền Giang', '{1}'),
  ('VN_KG', 'south', 'Kiên Giang', '{1}'),
  ('VN_DL', 'south', 'Đà Lạt', '{1}'),
  ('VN_TTH', 'central', 'Thừa Thiên Huế', '{1,2}'),
  ('VN_PY', 'central', 'Phú Yên', '{2}'),
  ('VN_DLK', 'central', 'Đắk Lắk', '{3}'),
  ('VN_QNM', 'central', 'Quảng Nam', '{3}'),
  ('VN_DNG', 'central', 'Đà Nẵng', '{4,7}'),
  ('VN_KH', 'central', 'Khánh Hòa', '{1,4}'),
  ('VN_BDI', 'central', 'Bình Định', '{5}'),
  ('VN_QT', 'central', 'Quảng Trị', '{5}'),
  ('VN_QB', 'central', 'Quảng Bình', '{5}'),
  ('VN_GL', 'central', 'Gia Lai', '{6}'),
  ('VN_NT', 'central', 'Ninh Thuận', '{6}'),
  ('VN_QNG', 'central', 'Quảng Ngãi', '{7}'),
  ('VN_DNO', 'central', 'Đắk Nông', '{7}'),
  ('VN_KT', 'central', 'Kon Tum', '{1}');

-- Prices and payouts per point, in minor units (not multipliers: these keys are read by the VN bet types only). A
-- point is one unit (1.00) per lô it counts on: a northern lô 2 counts on 27 prizes, so one point costs 27.00. The
-- payouts keep the house edge between 5 % and 11 %, as online operators of this game pay (vn-rules.ts computes each
-- exactly; the game's page shows it): lô 2 95.00 a hit (5 %), lô 3 and 3 càng 900.00, đề 90.00 (10 %), xiên 2/3/4
-- 17/75/340 in the north and 35/230/1600 in the south and centre (7–11 %).
INSERT INTO lottery_odds (game_code, odds_key, odds_e4)
SELECT v.game_code, o.odds_key, CASE WHEN v.region = 'north' THEN o.north ELSE o.south END
  FROM lottery_vn_games v
  JOIN (VALUES ('lo2_price_minor', 2700, 1800), ('lo2_payout_minor', 9500, 9500),
               ('lo3_price_minor', 2300, 1700), ('lo3_payout_minor', 90000, 90000),
               ('de_price_minor', 100, 100), ('de_payout_minor', 9000, 9000),
               ('3cang_price_minor', 100, 100), ('3cang_payout_minor', 90000, 90000),
               ('xien2_price_minor', 100, 100), ('xien2_payout_minor', 1700, 3500),
               ('xien3_price_minor', 100, 100), ('xien3_payout_minor', 7500, 23000),
               ('xien4_price_minor', 100, 100), ('xien4_payout_minor', 34000, 160000))
       AS o (odds_key, north, south) ON true;
