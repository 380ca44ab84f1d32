import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form-field';

export interface AccountSearchProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The account typed, trimmed; null when the box is empty. */
  onSearch: (account: string | null) => void;
}

/** The account box and its search button of the team pages. */
export function AccountSearch({ label, value, onChange, onSearch }: AccountSearchProps) {
  const { t } = useTranslation();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(value.trim() || null);
  }
  return (
    <form className="search-row" onSubmit={submit}>
      <TextField
        type="search"
        label={label}
        value={value}
        onChange={onChange}
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
      />
      <button type="submit" className="button button--primary">
        {t('agent.team.searchButton')}
      </button>
    </form>
  );
}
