import { AGENT_TYPES, downlineTypesFor, type NewDownline, type NewDownlineRequest } from '@portal/shared/agents';
import type { ContractType } from '@portal/shared/contracts';
import { errorMessage } from '@portal/shared/error-catalogue';
import type { FieldRule } from '@portal/shared/validation';
import { checkRule, ruleMessage } from '@portal/shared/validation';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '@/api/get-member-info';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, focusFirstInvalid, SelectField, TextField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useCreateDownline } from '../api/create-downline';
import { useOfferableContracts } from '../api/get-contracts';
import { useRegisterRules } from '../api/get-register-rules';
import { checkDrafts, draftsValid, periodOf, type TiersCheck, termsOf } from '../lib/contracts';
import { typeKey } from '../lib/member-type';
import { type DownlineContractChoice, DownlineContractFields, NO_CONTRACT } from './downline-contract-fields';

/** The form's fields; an agent's contract (its rate) has fields of its own. */
type Field = 'account' | 'password' | 'confirmPassword' | 'nickname' | 'type';
type Values = Record<Field, string>;

const EMPTY: Values = { account: '', password: '', confirmPassword: '', nickname: '', type: '0' };
const NICKNAME_MAX = 32;

/** Server fields answered with an error, as this form names them (a taken name is the account's). */
const SERVER_FIELDS: Record<string, Field> = {
  username: 'account',
  account: 'account',
  password: 'password',
  type: 'type',
};

/**
 * Opens a player or an agent of the agent's own kind in its direct downline. The account name and password follow
 * the brand's registration rules, checked here as the server checks them.
 */
export function NewDownlineForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const rules = useRegisterRules();
  const { data: member } = useMemberInfo();
  const create = useCreateDownline();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [opened, setOpened] = useState<NewDownline | null>(null);
  const [openedWith, setOpenedWith] = useState<ContractType | null>(null);
  const [contract, setContract] = useState<DownlineContractChoice>(NO_CONTRACT);
  const [tiersCheck, setTiersCheck] = useState<TiersCheck | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const opensAgent = (AGENT_TYPES as readonly number[]).includes(Number(values.type));
  const offerable = useOfferableContracts(opensAgent);

  if (rules.isPending) return <SkeletonLines lines={5} />;
  if (rules.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void rules.refetch()} />;

  const fields = rules.data.fields;
  const types = downlineTypesFor(member?.type ?? 0);
  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const refused = (rule: FieldRule, value: string) =>
    checkRule({ ...rule, enabled: true, required: true }, value) ? ruleMessage(rule, language) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const found: Partial<Record<Field, string>> = {
      account: refused(fields.username, values.account.trim()),
      password: refused(fields.password, values.password),
    };
    if (!found.password && values.confirmPassword !== values.password) {
      found.confirmPassword = errorMessage('CONFIRMATION_MISMATCH', language);
    }
    const problems = Object.fromEntries(Object.entries(found).filter(([, message]) => message));
    const offered = opensAgent && contract.type ? offerable.find((entry) => entry.type === contract.type) : undefined;
    const checked = offered ? checkDrafts(offered.type, contract.drafts) : null;
    setErrors(problems);
    setTiersCheck(checked);
    setFormError(null);
    if (Object.keys(problems).length > 0 || (checked && !draftsValid(checked))) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const request: NewDownlineRequest = {
      account: values.account.trim(),
      password: values.password,
      type: Number(values.type),
      ...(values.nickname.trim() ? { nickname: values.nickname.trim() } : {}),
      ...(offered
        ? {
            contract: {
              type: offered.type,
              terms: termsOf(offered.type, contract.drafts, periodOf(offered.own.terms)),
            },
          }
        : {}),
    };
    create.mutate(request, {
      onSuccess: (downline) => {
        setOpened(downline);
        setOpenedWith(offered?.type ?? null);
        setValues(EMPTY);
        setContract(NO_CONTRACT);
        setTiersCheck(null);
      },
      onError: (error) => {
        const message = error instanceof ApiError && error.message ? error.message : t('common.unexpected');
        const field = error instanceof ApiError ? (error.value as { field?: unknown } | undefined)?.field : undefined;
        const ours = typeof field === 'string' ? SERVER_FIELDS[field] : undefined;
        if (ours) setErrors({ [ours]: message });
        else setFormError(message);
        setValues((current) => ({ ...current, password: '', confirmPassword: '' }));
      },
    });
  }

  return (
    <form ref={formRef} className="form downline-form" noValidate onSubmit={submit} data-testid="new-downline-form">
      {opened ? (
        <FormAlert tone="success">
          {t(openedWith ? 'agent.register.openedOffered' : 'agent.register.opened', {
            account: opened.account,
            type: t(`agent.types.${typeKey(opened.type)}`),
            contract: openedWith ? t(`agent.contracts.types.${openedWith}`) : '',
          })}
        </FormAlert>
      ) : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SelectField
        label={t('agent.register.type')}
        value={values.type}
        options={types.map((type) => ({ value: String(type), label: t(`agent.types.${typeKey(type)}`) }))}
        onChange={set('type')}
      />
      <TextField
        label={t('agent.register.account')}
        value={values.account}
        onChange={set('account')}
        error={errors.account}
        required
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={fields.username.maxLength || undefined}
        hint={ruleMessage(fields.username, language)}
      />
      {(['password', 'confirmPassword'] as const).map((field) => (
        <PasswordField
          key={field}
          label={t(`agent.register.${field}`)}
          value={values[field]}
          onChange={set(field)}
          error={errors[field]}
          required
          autoComplete="new-password"
          maxLength={fields.password.maxLength || undefined}
          hint={field === 'password' ? ruleMessage(fields.password, language) : undefined}
        />
      ))}
      <TextField
        label={t('agent.register.nickname')}
        value={values.nickname}
        onChange={set('nickname')}
        maxLength={NICKNAME_MAX}
        autoComplete="off"
      />
      {opensAgent ? (
        <DownlineContractFields
          offerable={offerable}
          value={contract}
          onChange={(next) => {
            setContract(next);
            if (tiersCheck && next.type) setTiersCheck(checkDrafts(next.type, next.drafts));
          }}
          check={tiersCheck}
        />
      ) : null}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? t('agent.register.opening') : t('agent.register.open')}
      </button>
    </form>
  );
}
