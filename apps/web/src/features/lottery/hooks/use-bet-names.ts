import { useTranslation } from 'react-i18next';

/**
 * The names of bet types and selections as players read them, fast and Vietnamese alike; a code the strings do not
 * know (a bet type added on the server later) shows as itself.
 */
export function useBetNames() {
  const { t } = useTranslation();
  return {
    betType: (code: string) =>
      t([`lottery.board.betTypes.${code}`, `lottery.vn.betTypes.${code}`], { defaultValue: code }),
    selection: (code: string) => t(`lottery.board.selections.${code}`, { defaultValue: code }),
  };
}
