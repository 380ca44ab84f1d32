import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { GameTypeLinks } from '@/features/games/components/game-type-links';
import { lazyPage } from '../lazy-page';
import { WidgetBoundary } from '../route-error';

/**
 * The vendor strip brings its carousel library in a chunk of its own: the footer is below the fold. A strip that
 * fails to arrive is left out; the rest of the footer stays.
 */
const VendorLogoStrip = lazyPage(
  () => import('@/features/games/components/vendor-logo-strip'),
  (m) => m.VendorLogoStrip,
);

const HELP_KEYS = ['terms', 'privacy', 'responsible', 'faq', 'about', 'contact'] as const;

export function Footer() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const settings = permission?.settings;

  return (
    <footer className="footer">
      <div className="container">
        <WidgetBoundary>
          <VendorLogoStrip />
        </WidgetBoundary>
        <div className="footer__columns">
          <section>
            <h2 className="footer__heading">{t('footer.games')}</h2>
            <GameTypeLinks variant="list" />
          </section>
          <section>
            <h2 className="footer__heading">{t('footer.help')}</h2>
            <ul className="footer__links">
              {HELP_KEYS.map((key) => (
                <li key={key}>
                  <Link className="footer__link" to={{ pathname: '/help', hash: key }}>
                    {t(`help.keys.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2 className="footer__heading">{t('footer.more')}</h2>
            <ul className="footer__links">
              <li>
                <Link className="footer__link" to="/noticePage">
                  {t('pages.noticePage')}
                </Link>
              </li>
              <li>
                <Link className="footer__link" to="/join">
                  {t('pages.join')}
                </Link>
              </li>
              <li>
                <Link className="footer__link" to="/down">
                  {t('nav.download')}
                </Link>
              </li>
              <li>
                <Link className="footer__link" to="/promotions">
                  {t('nav.promotions')}
                </Link>
              </li>
            </ul>
          </section>
        </div>
        {settings && settings.licences.length > 0 ? (
          <section className="footer__licences" aria-label={t('footer.licences')}>
            <h2 className="footer__heading">{t('footer.licences')}</h2>
            <ul>
              {settings.licences.map((licence) => (
                <li key={licence.code} className="footer__licence">
                  <span className="footer__licence-code">{licence.code}</span>
                  <span>
                    <strong>{licence.name}</strong> {licence.text}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="footer__bottom">
          {settings ? (
            <p className="footer__age">
              <span className="age-badge" aria-hidden="true">
                {settings.minimumAge}+
              </span>
              <span>{t('footer.ageNote', { age: settings.minimumAge })}</span>
            </p>
          ) : null}
          {settings?.copyright ? <p className="footer__copyright">{settings.copyright}</p> : null}
        </div>
      </div>
    </footer>
  );
}
