import { INVITE_NOTE_MAX, INVITE_SOURCE_PATTERN, type InviteLink, type InviteLinkFigures } from '@portal/shared/agents';
import { errorMessage } from '@portal/shared/error-catalogue';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useMoneyFormat } from '@/lib/money-format';
import { useInviteLinks } from '../api/get-invite-links';
import { useSaveInviteLink } from '../api/save-invite-link';
import { formatCount } from '../lib/format';
import { InviteQr } from './invite-qr';

const SOURCE = new RegExp(INVITE_SOURCE_PATTERN);

/** The address a link's code opens: this site's registration page with the code (spec section 5). */
export function inviteUrl(code: string): string {
  return `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;
}

function problemOf(error: unknown, fallback: string): { field: 'source' | null; message: string } {
  const message = error instanceof ApiError && error.message ? error.message : fallback;
  const field = error instanceof ApiError ? (error.value as { field?: unknown } | undefined)?.field : undefined;
  return { field: field === 'source' ? 'source' : null, message };
}

/**
 * The agent's invitation links: its own code as the default link, and one link per traffic source with its own
 * code, each with the address to copy, its QR code, and the registrations, first deposits and deposits it brought.
 */
export function InviteLinksPanel() {
  const { t } = useTranslation();
  const links = useInviteLinks();

  if (links.isPending) return <SkeletonLines lines={6} />;
  if (links.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void links.refetch()} />;
  const { defaultLink, list, max } = links.data;
  return (
    <div className="invite-links" data-testid="invite-links">
      <LinkCard title={t('agent.links.default')} code={defaultLink.code} figures={defaultLink} />
      <NewLinkForm full={list.length >= max} max={max} />
      {list.length === 0 ? (
        <EmptyState message={t('agent.links.none')} />
      ) : (
        <ul className="invite-links__list">
          {list.map((link) => (
            <li key={link.id}>
              <LinkCard title={link.source} code={link.code} figures={link} link={link} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LinkCard({
  title,
  code,
  figures,
  link,
}: {
  title: string;
  code: string;
  figures: InviteLinkFigures;
  /** A link of the agent's (absent for the default link, which is the agent's own code). */
  link?: InviteLink;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const [showQr, setShowQr] = useState(false);
  const [editing, setEditing] = useState(false);
  const url = inviteUrl(code);
  const off = link && !link.enabled;
  return (
    <article className={`invite-link${off ? ' invite-link--off' : ''}`} aria-label={title}>
      <header className="invite-link__head">
        <h4 className="invite-link__source">{title}</h4>
        {link ? (
          <span className={`status-pill status-pill--${link.enabled ? 'success' : 'danger'}`}>
            {t(link.enabled ? 'agent.links.on' : 'agent.links.off')}
          </span>
        ) : null}
      </header>
      {link?.note ? <p className="invite-link__note muted">{link.note}</p> : null}
      <p className="invite-link__code">
        <span className="muted">{t('agent.links.code')}</span> <strong className="tabular">{code}</strong>
      </p>
      <div className="invite-link__url">
        <input className="invite-link__address" readOnly value={url} aria-label={t('agent.links.address', { title })} />
        <CopyButton text={url} label={t('agent.links.address', { title })} />
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={showQr}
          onClick={() => setShowQr((shown) => !shown)}
        >
          {t(showQr ? 'agent.links.hideQr' : 'agent.links.showQr')}
        </button>
      </div>
      {showQr ? <InviteQr text={url} label={t('agent.links.qr', { title })} /> : null}
      <dl className="invite-link__figures">
        <div>
          <dt>{t('agent.links.registrations')}</dt>
          <dd className="tabular">{formatCount(figures.registrations)}</dd>
        </div>
        <div>
          <dt>{t('agent.links.firstDeposits')}</dt>
          <dd className="tabular">{formatCount(figures.firstDeposits)}</dd>
        </div>
        <div>
          <dt>{t('agent.links.deposits')}</dt>
          <dd className="tabular">{money(figures.deposits)}</dd>
        </div>
      </dl>
      {link ? (
        editing ? (
          <EditLinkForm link={link} onDone={() => setEditing(false)} />
        ) : (
          <LinkActions link={link} onEdit={() => setEditing(true)} />
        )
      ) : null}
    </article>
  );
}

function LinkActions({ link, onEdit }: { link: InviteLink; onEdit: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveInviteLink();
  function toggle() {
    save.mutate(
      { id: link.id, enabled: !link.enabled },
      {
        onSuccess: (saved) =>
          toast.show(t(saved.enabled ? 'agent.links.turnedOn' : 'agent.links.turnedOff'), 'success'),
        onError: (error) => toast.show(problemOf(error, t('common.unexpected')).message, 'error'),
      },
    );
  }
  return (
    <div className="invite-link__actions">
      <button type="button" className="button button--ghost button--small" onClick={onEdit}>
        {t('agent.links.edit')}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={toggle} disabled={save.isPending}>
        {t(link.enabled ? 'agent.links.turnOff' : 'agent.links.turnOn')}
      </button>
    </div>
  );
}

/** Source and note of a link, checked as the server checks them; shared by the new-link and edit forms. */
function useLinkFields(initial: { source: string; note: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const save = useSaveInviteLink();
  const [source, setSource] = useState(initial.source);
  const [note, setNote] = useState(initial.note);
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  /** Sends the values (to link `id`, or as a new link); false when the source tag is refused here. */
  function send(id: string | undefined, onSaved: () => void): boolean {
    const tag = source.trim().toLowerCase();
    if (!SOURCE.test(tag)) {
      setSourceError(errorMessage('INVITE_SOURCE_INVALID', language));
      return false;
    }
    setSourceError(null);
    setFormError(null);
    save.mutate(
      { id, source: tag, note: note.trim() || (id ? null : undefined) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const problem = problemOf(error, t('common.unexpected'));
          if (problem.field === 'source') setSourceError(problem.message);
          else setFormError(problem.message);
        },
      },
    );
    return true;
  }

  const inputs = (
    <>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label={t('agent.links.source')}
        value={source}
        onChange={(value) => {
          setSource(value);
          setSourceError(null);
        }}
        error={sourceError}
        hint={t('agent.links.sourceHint')}
        required
        maxLength={32}
        autoCapitalize="off"
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label={t('agent.links.note')}
        value={note}
        onChange={setNote}
        maxLength={INVITE_NOTE_MAX}
        autoComplete="off"
      />
    </>
  );
  function reset() {
    setSource('');
    setNote('');
  }
  return { inputs, send, pending: save.isPending, reset };
}

function NewLinkForm({ full, max }: { full: boolean; max: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const fields = useLinkFields({ source: '', note: '' });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fields.pending) return;
    fields.send(undefined, () => {
      toast.show(t('agent.links.made'), 'success');
      fields.reset();
    });
  }
  if (full) return <FormAlert tone="info">{t('agent.links.full', { max })}</FormAlert>;
  return (
    <form className="form invite-link-form" noValidate onSubmit={submit} aria-label={t('agent.links.new')}>
      <h4 className="invite-link-form__title">{t('agent.links.new')}</h4>
      {fields.inputs}
      <button type="submit" className="button button--primary" disabled={fields.pending}>
        {t('agent.links.make')}
      </button>
    </form>
  );
}

function EditLinkForm({ link, onDone }: { link: InviteLink; onDone: () => void }) {
  const { t } = useTranslation();
  const fields = useLinkFields({ source: link.source, note: link.note ?? '' });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.pending) fields.send(link.id, onDone);
  }
  return (
    <form className="form invite-link-form" noValidate onSubmit={submit} aria-label={t('agent.links.edit')}>
      {fields.inputs}
      <div className="invite-link__actions">
        <button type="submit" className="button button--primary button--small" disabled={fields.pending}>
          {t('agent.links.save')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onDone}>
          {t('agent.links.cancel')}
        </button>
      </div>
    </form>
  );
}
