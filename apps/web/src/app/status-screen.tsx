import type { PermissionInfo, SystemStatus } from '@portal/shared/api';
import { SYSTEM_STATUS } from '@portal/shared/constants';
import { useState } from 'react';
import { HelpSectionModal } from '@/features/help/components/help-section-modal';
import { MaintenanceScreen } from '@/features/system/components/maintenance-screen';
import { RegionBlockScreen } from '@/features/system/components/region-block-screen';

/**
 * The maintenance or region-block screen (status 1 or 2), loaded in a chunk of its own. When the brand's customer
 * service is the portal's own help page, its button shows that help section here in the generic modal: the help
 * centre's data still answers, but a window of this same app would only show this screen again.
 */
export function StatusScreen({ status, permission }: { status: SystemStatus; permission?: PermissionInfo }) {
  const [helpSection, setHelpSection] = useState<string | null>(null);
  const Screen = status.status === SYSTEM_STATUS.MAINTENANCE ? MaintenanceScreen : RegionBlockScreen;
  return (
    <>
      <Screen status={status} permission={permission} onHelpSection={setHelpSection} />
      {helpSection !== null ? <HelpSectionModal sectionKey={helpSection} onClose={() => setHelpSection(null)} /> : null}
    </>
  );
}
