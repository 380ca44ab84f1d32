/** Shows the first two and the last two characters of an account name: "rahim88" becomes "ra***88". */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}
