import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useHelpCentre } from '../api/get-help-centre';

/**
 * One help-centre section in the generic modal, outside the router: the maintenance and region-block screens show
 * the contact section here, since the help page itself is out of reach while they show. A key that names no
 * section shows every section, so the player still finds the contact details.
 */
export function HelpSectionModal({ sectionKey, onClose }: { sectionKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useHelpCentre();
  const sections = data?.sections ?? [];
  const section = sections.find((item) => item.key === sectionKey);

  let body: ReactNode;
  if (isPending) body = <SkeletonLines lines={4} />;
  else if (isError) body = <ErrorState message={t('common.loadFailed')} onRetry={() => void refetch()} />;
  else if (section) body = <SafeHtml html={section.content} />;
  else if (sections.length === 0) body = <EmptyState />;
  else {
    body = sections.map((item) => (
      <section key={item.key} className="help-centre__section">
        <h3 className="help-centre__title">{item.title}</h3>
        <SafeHtml html={item.content} />
      </section>
    ));
  }

  return (
    <Modal open onClose={onClose} title={section?.title ?? t('help.title')} size="lg" testId="help-modal">
      {body}
    </Modal>
  );
}
