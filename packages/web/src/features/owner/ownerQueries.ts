/** Reads and writes of the owner area, over TanStack Query so every screen shares one cache. */
import { API } from '@rental/contract/api';
import type {
  BankDetails,
  CarResponse,
  CarSavedResponse,
  CarsResponse,
  ChangeStatusBody,
  DashboardResponse,
  MessageResponse,
  OwnerBookingsResponse,
  PublicBankDetailsResponse,
} from '@rental/contract/schemas';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiGet, apiPost, apiPut, apiUpload, errorMessage } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';

export const ownerKeys = {
  all: ['owner'] as const,
  dashboard: ['owner', 'dashboard'] as const,
  cars: ['owner', 'cars'] as const,
  car: (id: string) => ['owner', 'car', id] as const,
  bookings: ['owner', 'bookings'] as const,
};

/** A change to the fleet or bookings shows everywhere: the owner's lists and the public site. */
function refreshFleet(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ownerKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.cars }),
    queryClient.invalidateQueries({ queryKey: ['car'] }),
    queryClient.invalidateQueries({ queryKey: ['availability'] }),
  ]);
}

export function useDashboard() {
  return useQuery({
    queryKey: ownerKeys.dashboard,
    queryFn: () => apiGet<DashboardResponse>(API.dashboard),
    select: (data) => data.dashboardData,
  });
}

export function useOwnerCars() {
  return useQuery({
    queryKey: ownerKeys.cars,
    queryFn: () => apiGet<CarsResponse>(API.ownerCars),
    select: (data) => data.cars,
  });
}

export function useOwnerCar(id: string | undefined) {
  return useQuery({
    queryKey: ownerKeys.car(id ?? ''),
    queryFn: () => apiGet<CarResponse>(API.ownerCar(id ?? '')),
    select: (data) => data.car,
    enabled: id !== undefined,
    // The form is filled once; a background refetch must not overwrite what the owner typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOwnerBookings() {
  return useQuery({
    queryKey: ownerKeys.bookings,
    queryFn: () => apiGet<OwnerBookingsResponse>(API.ownerBookings),
    select: (data) => data.bookings,
  });
}

export function useBankDetails() {
  return useQuery({
    queryKey: queryKeys.publicBankDetails,
    queryFn: () => apiGet<PublicBankDetailsResponse>(API.publicBankDetails),
    select: (data) => data.bankDetails,
  });
}

/** Toasts the server's sentence either way; the caller decides what happens next. */
function toastResult<T extends { message: string }>(onSuccess?: (data: T) => unknown) {
  return {
    onSuccess: (data: T) => {
      toast.success(data.message);
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
    mutationFn: (formData: FormData) =>
      carId
        ? apiUpload<CarSavedResponse>(API.updateCar(carId), formData, 'PUT')
        : apiUpload<CarSavedResponse>(API.addCar, formData, 'POST'),
    ...toastResult<CarSavedResponse>(() => refreshFleet(queryClient)),
  });
}

export function useToggleCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carId: string) => apiPost<CarSavedResponse>(API.toggleCar, { carId }),
    ...toastResult<CarSavedResponse>(() => refreshFleet(queryClient)),
  });
}

export function useDeleteCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carId: string) => apiPost<MessageResponse>(API.deleteCar, { carId }),
    ...toastResult<MessageResponse>(() => refreshFleet(queryClient)),
  });
}

export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStatusBody) => apiPost<MessageResponse>(API.changeStatus, body),
    ...toastResult<MessageResponse>(() => refreshFleet(queryClient)),
  });
}

export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: BankDetails) => apiPut<MessageResponse>(API.bankDetails, details),
    ...toastResult<MessageResponse>(() => queryClient.invalidateQueries({ queryKey: queryKeys.publicBankDetails })),
  });
}

export function useUpdateProfileImage() {
  return useMutation({
    mutationFn: (image: File) => {
      const formData = new FormData();
      formData.append('image', image);
      return apiUpload<MessageResponse>(API.updateImage, formData, 'POST');
    },
    ...toastResult<MessageResponse>(),
  });
}
