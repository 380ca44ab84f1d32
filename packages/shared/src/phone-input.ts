// What a mobile-number field lets a player type, apart from the phone library (phone.ts) that judges the number:
// the browser's field uses this without loading the library's metadata.

/** The longest text a player may type, separators included (`+880 1743-529-090` is 17). */
export const MOBILE_INPUT_MAX_LENGTH = 24;

/** Characters a mobile field keeps as they are typed: digits (Bengali ones too), `+`, spaces and dashes. */
export function mobileInputCharacters(text: string): string {
  return text.replace(/[^0-9\u09E6-\u09EF+ -]/g, '');
}
