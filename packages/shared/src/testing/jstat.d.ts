// The part of jStat (no types of its own) that the statistical tests use.
declare module 'jstat' {
  interface Distribution {
    inv(p: number, ...parameters: number[]): number;
  }
  const jStat: { chisquare: Distribution; normal: Distribution };
  export default jStat;
}
