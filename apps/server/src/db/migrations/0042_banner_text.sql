-- A banner may carry its own words, rendered by the page over the art (translated, read by screen readers): a
-- headline, a line of detail and a button label, each in Bengali and English. Absent: an image-only banner.
ALTER TABLE banners ADD COLUMN headline jsonb;
ALTER TABLE banners ADD COLUMN detail jsonb;
ALTER TABLE banners ADD COLUMN button_label jsonb;
