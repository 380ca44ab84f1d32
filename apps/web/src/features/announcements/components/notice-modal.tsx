import type { Notice } from '@portal/shared/api';
import { Modal } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';

export function NoticeModal({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <Modal open={notice !== null} onClose={onClose} title={notice?.title} testId="notice-modal" size="lg">
      {notice ? <SafeHtml html={notice.content} /> : null}
    </Modal>
  );
}
