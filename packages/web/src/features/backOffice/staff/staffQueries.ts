/** The staff page's reads and writes (GET /api/owner/staff and the calls that change the team). */
import type { InviteStaffBody } from '@rental/contract/schemas';
import type { StaffRole } from '@rental/contract/staffRoles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { callApi, errorMessage } from '../../../api/client';

const staffKey = ['owner', 'staff'] as const;

export function useStaff() {
  return useQuery({ queryKey: staffKey, queryFn: () => callApi('staffMembers'), meta: { errorToast: true } });
}

/** Toasts the server's sentence either way and reads the team again (a refusal may mean the list was old). */
function useStaffChange<V, T extends { message: string }>(request: (vars: V) => Promise<T>, after?: (data: T, vars: V) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (data, vars) => {
      toast.success(data.message);
      after?.(data, vars);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useInviteStaff() {
  return useStaffChange((body: InviteStaffBody) => callApi('inviteStaff', { body }));
}

export function useCancelInvitation() {
  return useStaffChange((id: string) => callApi('cancelStaffInvitation', { params: { id } }));
}

export function useChangeStaffRole() {
  return useStaffChange(({ id, staffRole }: { id: string; staffRole: StaffRole }) => callApi('changeStaffRole', { params: { id }, body: { staffRole } }));
}

export function useRemoveStaff(afterRemoved: (id: string) => void) {
  return useStaffChange(
    (id: string) => callApi('removeStaff', { params: { id } }),
    (_data, id) => afterRemoved(id),
  );
}
