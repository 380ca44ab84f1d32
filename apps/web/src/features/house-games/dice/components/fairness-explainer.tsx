import { useTranslation } from 'react-i18next';

const STEPS = ['commit', 'hmac', 'roll', 'bet', 'reveal'] as const;

/** How a roll is computed, in a few sentences: shown by the game's fairness panel and by the verifier. */
export function FairnessExplainer() {
  const { t } = useTranslation();
  return (
    <div className="hdice-explain">
      <p>{t('houseDice.explain.intro')}</p>
      <ol className="hdice-explain__steps">
        {STEPS.map((step) => (
          <li key={step}>{t(`houseDice.explain.${step}`)}</li>
        ))}
      </ol>
    </div>
  );
}
