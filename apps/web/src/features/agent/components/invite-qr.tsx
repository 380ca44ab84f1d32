import { useEffect, useState } from 'react';

interface Matrix {
  size: number;
  dark: (x: number, y: number) => boolean;
}

/** Light modules around the code, as the QR standard asks, so phone cameras find its edges. */
const QUIET_ZONE = 4;

/**
 * The QR code of an invitation link, drawn as one SVG path (crisp at any size, in both themes on a white card). The
 * `qrcode` library is fetched when the first code is shown, so it stays out of the agent centre's own chunk.
 */
export function InviteQr({ text, label }: { text: string; label: string }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);

  useEffect(() => {
    let active = true;
    setMatrix(null);
    void import('qrcode').then(({ default: QRCode }) => {
      const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
      if (active) setMatrix({ size: modules.size, dark: (x, y) => Boolean(modules.get(y, x)) });
    });
    return () => {
      active = false;
    };
  }, [text]);

  if (!matrix) return <div className="invite-qr invite-qr--loading" aria-busy="true" />;
  const side = matrix.size + QUIET_ZONE * 2;
  let path = '';
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (matrix.dark(x, y)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return (
    <svg
      className="invite-qr"
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="invite-qr"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
