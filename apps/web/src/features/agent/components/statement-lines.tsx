import type { StatementLine } from '@portal/shared/contracts';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { formatCount, signedMoney, toneOf } from '../lib/format';

/** A line's label, what it counted (members against the minimum, tier, rate of a base) and its signed amount. */
export function useLineText() {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  return (line: StatementLine) => {
    const label = t(`agent.statement.lines.${line.key}`, { tier: line.tier });
    const parts: string[] = [];
    if (line.key === 'activeMembers' && line.count !== undefined) {
      parts.push(
        t('agent.statement.members', { count: line.count, shown: formatCount(line.count), required: line.required }),
      );
      if (line.passed !== undefined) parts.push(t(line.passed ? 'agent.statement.met' : 'agent.statement.notMet'));
    } else if (line.key === 'tier') {
      parts.push(
        line.tier ? t('agent.statement.tierRate', { tier: line.tier, rate: line.rate }) : t('agent.statement.noTier'),
      );
    } else {
      if (line.count !== undefined) {
        parts.push(t('agent.statement.bets', { count: line.count, shown: formatCount(line.count) }));
      }
      if (line.rate !== undefined && line.base !== undefined) {
        parts.push(t('agent.statement.rateOf', { rate: line.rate, base: money(line.base) }));
      }
      if (line.key === 'minimumPayout' && line.passed !== undefined) {
        parts.push(t(line.passed ? 'agent.statement.reached' : 'agent.statement.notReached'));
      }
    }
    // The minimum payout is a threshold, not a sum that enters the result: shown without a sign.
    const amount =
      line.amount === undefined
        ? null
        : line.key === 'minimumPayout'
          ? money(line.amount)
          : signedMoney(line.amount, money);
    return { label, detail: parts.join(' · '), amount, tone: line.amount === undefined ? 'zero' : toneOf(line.amount) };
  };
}

/** A line's value: its amount (with its sign) over what it counted. */
export function LineValue({ line }: { line: StatementLine }) {
  const text = useLineText()(line);
  return (
    <span className="statement-value">
      {text.amount !== null ? (
        <span className={`money money--${line.key === 'minimumPayout' ? 'zero' : text.tone} tabular`}>
          {text.amount}
        </span>
      ) : null}
      {text.detail ? <span className="statement-value__detail muted">{text.detail}</span> : null}
    </span>
  );
}

/** A statement line by line, in the order the server computed it: the audit trail of one payment. */
export function StatementLines({ lines }: { lines: StatementLine[] }) {
  const text = useLineText();
  return (
    <ol className="statement-lines" data-testid="statement-lines">
      {lines.map((line, index) => {
        const shown = text(line);
        return (
          <li
            // Real-time lines repeat a key once per tier and outcome.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list in the server's order
            key={`${line.key}-${index}`}
            className={`statement-line statement-line--${line.key}`}
            data-line={line.key}
          >
            <span className="statement-line__label">{shown.label}</span>
            <LineValue line={line} />
          </li>
        );
      })}
    </ol>
  );
}
