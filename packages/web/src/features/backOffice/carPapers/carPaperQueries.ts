/** A car's papers and the fleet's, in the staff area's one cache. */
import type { CarPapersBody } from '@rental/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';

export const carPapersKey = (carId: string) => [...backOfficeKeys.all, 'car-papers', carId] as const;
export const fleetPapersKey = [...backOfficeKeys.all, 'fleet-papers'] as const;

export function useCarPapers(carId: string) {
  return useQuery({
    queryKey: carPapersKey(carId),
    queryFn: ({ signal }) => callApi('carPapers', { params: { id: carId }, signal }),
    select: (data) => data.papers,
  });
}

export function useFleetPapers() {
  return useQuery({
    queryKey: fleetPapersKey,
    queryFn: ({ signal }) => callApi('fleetPapers', { signal }),
    select: (data) => data.papers,
  });
}

export const saveCarPapers = (carId: string, body: CarPapersBody) => callApi('saveCarPapers', { params: { id: carId }, body });

export function uploadPaperScan(carId: string, paperId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return callApi('uploadCarPaperScan', { params: { id: carId, paperId }, form });
}
