import type { HelpSection } from '@portal/shared/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useHelpCentre } from '../api/get-help-centre';

/**
 * The help sections as tabs. A hash naming a section (/help#terms) opens that section in the help
 * modal, on load and whenever the hash changes.
 */
export function HelpCentre() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useHelpCentre();
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [active, setActive] = useState<string | null>(null);
  const [modalSection, setModalSection] = useState<HelpSection | null>(null);

  const sections = data?.sections ?? [];
  const hashKey = decodeURIComponent(hash.replace(/^#/, ''));

  useEffect(() => {
    if (!hashKey) return;
    const section = sections.find((item) => item.key === hashKey);
    if (section) {
      setModalSection(section);
      setActive(section.key);
    }
  }, [hashKey, sections]);

  function closeModal() {
    setModalSection(null);
    // Drop the hash so the same link opens the modal again.
    if (hash) navigate({ pathname, search }, { replace: true });
  }

  if (isPending) return <SkeletonLines lines={8} />;
  if (isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void refetch()} />;
  if (sections.length === 0) return <EmptyState />;

  const current = sections.find((item) => item.key === active) ?? sections[0]!;

  return (
    <div className="help-centre">
      <Tabs
        label={t('help.sections')}
        items={sections.map((section) => ({ key: section.key, label: section.title }))}
        value={current.key}
        onChange={setActive}
      >
        <article className="help-centre__section" id={`help-${current.key}`}>
          <h2 className="help-centre__title">{current.title}</h2>
          <SafeHtml html={current.content} />
        </article>
      </Tabs>
      <Modal
        open={modalSection !== null}
        onClose={closeModal}
        title={modalSection?.title}
        size="lg"
        testId="help-modal"
      >
        {modalSection ? <SafeHtml html={modalSection.content} /> : null}
      </Modal>
    </div>
  );
}
