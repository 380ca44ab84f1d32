import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useDrawVerification } from '../api/get-draw-verification';
import type { DrawResult, DrawVerification } from '../api/lottery-types';
import { type BrowserVerdict, verifyInBrowser } from '../lib/verify-draw';
import { ResultView } from './result-view';

/** Redoes the draw in the browser once the seed is revealed; null while it works. */
function useBrowserVerdict(group: string, verification: DrawVerification | undefined): BrowserVerdict | null {
  const [verdict, setVerdict] = useState<BrowserVerdict | null>(null);
  const seed = verification?.serverSeed ?? null;
  const hash = verification?.serverSeedHash ?? '';
  const input = verification?.publicInput ?? '';
  // Compared by its text, so a refetch that answers the same result does not check again.
  const resultText = verification?.result ? JSON.stringify(verification.result) : null;
  useEffect(() => {
    setVerdict(null);
    if (!seed || !resultText) return;
    const result = JSON.parse(resultText) as DrawResult;
    let cancelled = false;
    void verifyInBrowser({ group, serverSeed: seed, serverSeedHash: hash, publicInput: input, result }).then((next) => {
      if (!cancelled) setVerdict(next);
    });
    return () => {
      cancelled = true;
    };
  }, [group, seed, hash, input, resultText]);
  return verdict;
}

function Verdict({ verdict }: { verdict: BrowserVerdict | null }) {
  const { t } = useTranslation();
  if (verdict === null) {
    return <p className="lottery-verdict lottery-verdict--checking">{t('lottery.verify.checking')}</p>;
  }
  const text =
    verdict.kind === 'agrees'
      ? t('lottery.verify.agrees')
      : verdict.kind === 'unavailable'
        ? t('lottery.verify.unavailable')
        : verdict.kind === 'hash-only'
          ? verdict.hashMatches
            ? t('lottery.verify.hashOnly')
            : t('lottery.verify.hashDiffers')
          : verdict.hashMatches
            ? t('lottery.verify.differs')
            : t('lottery.verify.hashDiffers');
  const good = verdict.kind === 'agrees' || (verdict.kind === 'hash-only' && verdict.hashMatches);
  return (
    <p
      className={`lottery-verdict lottery-verdict--${good ? 'good' : verdict.kind === 'unavailable' ? 'info' : 'bad'}`}
      role={good ? 'status' : 'alert'}
      data-testid="lottery-verdict"
      data-verdict={verdict.kind}
    >
      <span aria-hidden="true">{good ? '✓ ' : verdict.kind === 'unavailable' ? 'ⓘ ' : '✗ '}</span>
      {text}
    </p>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="lottery-verify__field">
      <dt>{label}</dt>
      <dd className="lottery-verify__code">{value}</dd>
    </div>
  );
}

/** A draw's verification: the server's answer (hash, seed, public input, result, its recomputation) and the browser's. */
export function VerifySheet({
  gameId,
  group,
  numero,
  onClose,
}: {
  gameId: string;
  group: string;
  numero: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const verification = useDrawVerification(gameId, numero);
  const verdict = useBrowserVerdict(group, verification.data);
  const data = verification.data;
  return (
    <Modal open onClose={onClose} title={t('lottery.verify.title', { numero })} testId="lottery-verify">
      {verification.isError ? (
        <ErrorState message={t('lottery.loadFailed')} onRetry={() => void verification.refetch()} />
      ) : !data ? (
        <SkeletonLines lines={5} />
      ) : (
        <div className="lottery-verify">
          {data.serverSeed && data.result ? <Verdict verdict={verdict} /> : <p>{t('lottery.verify.notDrawn')}</p>}
          <dl>
            <Field label={t('lottery.verify.hash')} value={data.serverSeedHash} />
            {data.serverSeed ? <Field label={t('lottery.verify.seed')} value={data.serverSeed} /> : null}
            <Field label={t('lottery.verify.publicInput')} value={data.publicInput} />
            {data.result ? (
              <div className="lottery-verify__field">
                <dt>{t('lottery.verify.result')}</dt>
                <dd>
                  <ResultView result={data.result} />
                </dd>
              </div>
            ) : null}
            {data.recomputed ? (
              <div className="lottery-verify__field">
                <dt>{t('lottery.verify.recomputed')}</dt>
                <dd>
                  <ResultView result={data.recomputed} />
                </dd>
              </div>
            ) : null}
            {verdict && (verdict.kind === 'agrees' || verdict.kind === 'differs') && verdict.result ? (
              <div className="lottery-verify__field" data-testid="lottery-browser-result">
                <dt>{t('lottery.verify.browserResult')}</dt>
                <dd>
                  <ResultView result={verdict.result} />
                </dd>
              </div>
            ) : null}
          </dl>
          <details className="lottery-verify__formula">
            <summary>{t('lottery.verify.formula')}</summary>
            <p className="lottery-verify__code">{data.formula}</p>
          </details>
        </div>
      )}
    </Modal>
  );
}
