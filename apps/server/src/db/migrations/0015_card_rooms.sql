-- The card room (table) a house round was played at: its limits applied, and the room list counts its players.
ALTER TABLE house_rounds ADD COLUMN room_id text CHECK (room_id ~ '^[A-Z0-9-]{2,32}$');
CREATE INDEX house_rounds_by_room ON house_rounds (room_id, created_at) WHERE room_id IS NOT NULL;
