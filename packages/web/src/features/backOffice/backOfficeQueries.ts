/** Reads and writes of the staff area, over TanStack Query so every screen shares one cache. */
import { BOOKINGS_PAGE_SIZE } from '@rental/contract/constants';
import type { BankDetails, ChangeStatusBody, CompanySettings } from '@rental/contract/schemas';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { callApi, errorMessage } from '../../api/client';
import { queryKeys } from '../../lib/queryKeys';
import type { BookingQuery } from './bookingSearch';

export const backOfficeKeys = {
  all: ['owner'] as const,
  dashboard: ['owner', 'dashboard'] as const,
  cars: ['owner', 'cars'] as const,
  car: (id: string) => ['owner', 'car', id] as const,
  bookings: ['owner', 'bookings'] as const,
  company: ['owner', 'company'] as const,
};

/** A change that moves bookings or customers between lists (a vetting decision, an attempt closed as paid): all of the staff area is read again. */
export const refreshBackOffice = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: backOfficeKeys.all });

/** A change to the fleet or bookings shows everywhere: the owner's lists and the public site. */
function refreshFleet(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.cars }),
    queryClient.invalidateQueries({ queryKey: ['car'] }),
    queryClient.invalidateQueries({ queryKey: ['availability'] }),
  ]);
}

export function useDashboard() {
  return useQuery({
    queryKey: backOfficeKeys.dashboard,
    queryFn: () => callApi('dashboard'),
    select: (data) => data.dashboardData,
  });
}

export function useStaffCars() {
  return useQuery({
    queryKey: backOfficeKeys.cars,
    queryFn: () => callApi('ownerCars'),
    select: (data) => data.cars,
  });
}

export function useStaffCar(id: string | undefined) {
  return useQuery({
    queryKey: backOfficeKeys.car(id ?? ''),
    queryFn: () => callApi('ownerCar', { params: { id: id ?? '' } }),
    select: (data) => data.car,
    enabled: id !== undefined,
    // The form is filled once; a background refetch must not overwrite what the owner typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStaffBookings() {
  return useQuery({
    queryKey: backOfficeKeys.bookings,
    queryFn: () => callApi('ownerBookings'),
    select: (data) => data.bookings,
  });
}

/**
 * Manage Bookings: pages of BOOKINGS_PAGE_SIZE, newest first, for the search and filters given;
 * "Load more" asks for the next page from where the last one ended (the server's cursor).
 * While a new search loads, the previous answer stays on screen.
 */
export function useStaffBookingPages(query: BookingQuery) {
  return useInfiniteQuery({
    queryKey: [...backOfficeKeys.bookings, 'pages', query] as const,
    queryFn: ({ pageParam, signal }) =>
      callApi('ownerBookings', { query: { ...query, limit: BOOKINGS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useBankDetails() {
  return useQuery({
    queryKey: queryKeys.publicBankDetails,
    queryFn: () => callApi('publicBankDetails'),
    select: (data) => data.bankDetails,
    meta: { errorToast: true },
  });
}

/** Toasts the server's sentence either way; the caller decides what happens next. */
function toastResult<T extends { message?: string }>(onSuccess?: (data: T) => unknown) {
  return {
    onSuccess: (data: T) => {
      if (data.message) toast.success(data.message);
      return onSuccess?.(data);
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error));
    },
  };
}

export function useSaveCar(carId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => (carId ? callApi('updateCar', { params: { id: carId }, form }) : callApi('addCar', { form })),
    ...toastResult(() => refreshFleet(queryClient)),
  });
}

export function useToggleCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carId: string) => callApi('toggleCar', { body: { carId } }),
    ...toastResult(() => refreshFleet(queryClient)),
  });
}

export function useDeleteCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carId: string) => callApi('deleteCar', { body: { carId } }),
    ...toastResult(() => refreshFleet(queryClient)),
  });
}

export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStatusBody) => callApi('changeStatus', { body }),
    ...toastResult(() => refreshFleet(queryClient)),
  });
}

export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: BankDetails) => callApi('bankDetails', { body: details }),
    ...toastResult(() =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.publicBankDetails }),
        // The owner's user carries the bank fields too.
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]),
    ),
  });
}

export function useUpdateProfileImage() {
  return useMutation({
    mutationFn: (image: File) => {
      const form = new FormData();
      form.append('image', image);
      return callApi('updateImage', { form });
    },
    ...toastResult(),
  });
}

/** The settings as staff edit them: the public facts and the accountant's account names, which the public answer leaves out. */
export function useStaffCompany() {
  return useQuery({
    queryKey: backOfficeKeys.company,
    queryFn: () => callApi('staffCompany'),
    select: (answer) => answer.company,
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: CompanySettings) => callApi('updateCompany', { body: company }),
    ...toastResult(() =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.company }), queryClient.invalidateQueries({ queryKey: backOfficeKeys.company })]),
    ),
  });
}
