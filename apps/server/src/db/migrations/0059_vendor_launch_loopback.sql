-- A launch address may also be plain http on this machine's loopback (127.0.0.1, localhost): the demo studio runs
-- there beside the portal without a certificate, and nothing on loopback crosses a network. Other http stays refused.
ALTER TABLE vendor_integrations DROP CONSTRAINT vendor_integrations_launch_url_check;
ALTER TABLE vendor_integrations
  ADD CONSTRAINT vendor_integrations_launch_url_check CHECK (
    (launch_url ~ '^https://[^\s]+$' OR launch_url ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]{1,5})?([/?#][^\s]*)?$')
    AND length(launch_url) <= 500
  );
