/** The translation key of a member type: agents (1, 2), agents who play (41, 42), trial accounts (4), players. */
export function typeKey(type: number): 'agent' | 'agentPlayer' | 'trial' | 'player' {
  if (type === 1 || type === 2) return 'agent';
  if (type === 41 || type === 42) return 'agentPlayer';
  if (type === 4) return 'trial';
  return 'player';
}
