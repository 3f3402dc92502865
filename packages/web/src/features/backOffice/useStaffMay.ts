/** Whether the signed-in staff member's role reaches a level: pages hide the buttons the API would refuse. */
import { type StaffAccess, staffRoleMay } from '@rental/contract/staffRoles';
import { useSession } from '../../session/useSession';

export function useStaffMay(access: StaffAccess): boolean {
  const { staffRole } = useSession();
  return staffRole !== null && staffRoleMay(staffRole, access);
}
