-- Where a vendor's games open: 'frame', the portal's /game page framing the vendor's page (as before), or 'window',
-- a window of its own, for a vendor whose pages refuse to be framed (the operator says so per integration).
ALTER TABLE vendor_integrations ADD COLUMN launch_target text NOT NULL DEFAULT 'frame'
  CHECK (launch_target IN ('frame', 'window'));
