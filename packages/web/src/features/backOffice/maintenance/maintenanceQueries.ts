/** Services that fall due: the due list, a car's plan and services, in the staff area's one cache. */
import type { CarServiceInput, MaintenancePlanBody, ServiceBlockBody } from '@rental/contract/schemas';
import { pathFor } from '@rental/contract/routes';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { fetchApiFile } from '../../../api/documentFile';
import { backOfficeKeys } from '../backOfficeQueries';

const maintenanceKeys = {
  due: [...backOfficeKeys.all, 'maintenance', 'due'] as const,
  plan: (carId: string) => [...backOfficeKeys.all, 'maintenance', 'plan', carId] as const,
  services: (carId: string) => [...backOfficeKeys.all, 'maintenance', 'services', carId] as const,
};

export function useDueList() {
  return useQuery({ queryKey: maintenanceKeys.due, queryFn: ({ signal }) => callApi('maintenanceDue', { signal }) });
}

export function useMaintenancePlan(carId: string) {
  return useQuery({
    queryKey: maintenanceKeys.plan(carId),
    queryFn: ({ signal }) => callApi('maintenancePlan', { params: { id: carId }, signal }),
    select: (data) => data.plan,
  });
}

export function useCarServices(carId: string) {
  return useQuery({
    queryKey: maintenanceKeys.services(carId),
    queryFn: ({ signal }) => callApi('carServices', { params: { id: carId }, signal }),
    select: (data) => data.services,
  });
}

/** After a change: the due list, plans and services, and the car (its odometer may have risen). */
export const refreshMaintenance = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: backOfficeKeys.all });

export const saveMaintenancePlan = (carId: string, body: MaintenancePlanBody) => callApi('saveMaintenancePlan', { params: { id: carId }, body });

export function logCarService(carId: string, service: CarServiceInput, receipt: File | null) {
  const form = new FormData();
  form.append('service', JSON.stringify(service));
  if (receipt) form.append('receipt', receipt);
  return callApi('logCarService', { params: { id: carId }, form });
}

export const makeServiceBlock = (body: ServiceBlockBody) => callApi('serviceBlock', { body });

export const fetchReceipt = (carId: string, serviceId: string) => fetchApiFile(pathFor('carServiceReceipt', { id: carId, serviceId }));
