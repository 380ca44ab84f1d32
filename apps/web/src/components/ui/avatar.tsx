import { useState } from 'react';

export interface AvatarProps {
  /** The member's picture; the first letter of the name stands in while there is none or it fails. */
  src?: string | null;
  name: string;
  size?: 'small' | 'large';
}

/** Decorative: the account name is always written next to it. */
export function Avatar({ src, name, size = 'large' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const className = `avatar${size === 'small' ? ' avatar--small' : ''}`;
  if (src && failed !== src) {
    return <img className={className} src={src} alt="" aria-hidden="true" onError={() => setFailed(src)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
