-- The operator's note on a vendor integration (who the vendor is, whom to call): shown in the integration list. The
-- demo studio says there that it is a demo vendor, and how to turn it off.
ALTER TABLE vendor_integrations ADD COLUMN note text CHECK (note IS NULL OR char_length(note) <= 200);
