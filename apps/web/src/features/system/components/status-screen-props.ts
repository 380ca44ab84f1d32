import type { PermissionInfo, SystemStatus } from '@portal/shared/api';

/** What the maintenance and region-block screens are given. */
export interface StatusScreenProps {
  status: SystemStatus;
  permission?: PermissionInfo;
  /** Shows one of the portal's own help sections, when customer service is the help centre. */
  onHelpSection?: (section: string) => void;
}
