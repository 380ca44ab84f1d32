/** "26 Nov 2026, 9:15 am" as the day and the time, each unbroken, so a narrow column breaks it only between them. */
export function When({ text }: { text: string }) {
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return <span className="team-table__unbroken">{text}</span>;
  return (
    <>
      <span className="team-table__unbroken">{text.slice(0, cut + 1)}</span>{' '}
      <span className="team-table__unbroken">{text.slice(cut + 2)}</span>
    </>
  );
}
