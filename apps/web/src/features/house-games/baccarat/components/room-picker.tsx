import type { CardRoomValue } from '@portal/shared/house-games';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';

interface RoomPickerProps {
  rooms: CardRoomValue[];
  selected: string;
  currency: string;
  disabled: boolean;
  onSelect: (roomId: string) => void;
}

/** The tables to sit at: each with its limits per spot and how many played there lately. */
export function RoomPicker({ rooms, selected, currency, disabled, onSelect }: RoomPickerProps) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  if (rooms.length < 2) return null;
  return (
    <fieldset className="bac-rooms" disabled={disabled}>
      <legend className="bac-rooms__legend">{t('houseBaccarat.rooms.label')}</legend>
      {rooms.map((room) => (
        <label key={room.roomId} className={`bac-room${room.roomId === selected ? ' is-selected' : ''}`}>
          <input
            type="radio"
            name="bac-room"
            value={room.roomId}
            checked={room.roomId === selected}
            onChange={() => onSelect(room.roomId)}
          />
          <span className="bac-room__name">{room.roomName}</span>
          <span className="bac-room__limits tabular">
            {t('houseBaccarat.rooms.limits', {
              min: money(room.minBet, currency),
              max: money(room.maxBet, currency),
            })}
          </span>
          <span className="bac-room__players">{t('houseBaccarat.rooms.players', { count: room.players })}</span>
        </label>
      ))}
    </fieldset>
  );
}
