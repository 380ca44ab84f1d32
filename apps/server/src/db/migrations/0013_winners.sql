-- The latest real-money wins, newest first, for the winner board.
CREATE INDEX vendor_transactions_wins ON vendor_transactions (created_at DESC)
  WHERE kind = 'win' AND amount_minor > 0 AND currency <> 'DEMO';
