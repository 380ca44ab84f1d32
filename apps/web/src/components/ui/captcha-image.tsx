import { TIMING } from '@portal/shared/constants';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from './skeleton';

export interface CaptchaImageProps {
  /** The server's base64 PNG (with or without a data: prefix); undefined while it loads. */
  image: string | undefined;
  onRefresh: () => void;
  loading?: boolean;
}

export function captchaSource(image: string): string {
  return image.startsWith('data:') ? image : `data:image/png;base64,${image}`;
}

/** The captcha picture; a click asks for a new one, at most once per second (spec section 9). */
export function CaptchaImage({ image, onRefresh, loading = false }: CaptchaImageProps) {
  const { t } = useTranslation();
  const lastRefresh = useRef(0);

  function refresh() {
    const now = Date.now();
    if (now - lastRefresh.current < TIMING.captchaRefreshMinMs) return;
    lastRefresh.current = now;
    onRefresh();
  }

  return (
    <button
      type="button"
      className={`captcha-image${loading ? ' is-loading' : ''}`}
      onClick={refresh}
      aria-label={t('form.captchaRefresh')}
      title={t('form.captchaRefresh')}
    >
      {image ? (
        <img src={captchaSource(image)} alt={t('form.captchaAlt')} width={100} height={40} />
      ) : (
        <Skeleton width={100} height={40} />
      )}
    </button>
  );
}
