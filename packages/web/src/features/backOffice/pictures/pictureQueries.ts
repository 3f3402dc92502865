/** The owner's changes to a car's pictures; each answers the car as it now is. */
import type { CarSavedResponse } from '@rental/contract/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { callApi, errorMessage } from '../../../api/client';
import { queryKeys } from '../../../lib/queryKeys';
import { backOfficeKeys } from '../backOfficeQueries';

type PictureChange = { kind: 'add'; file: File } | { kind: 'remove'; pictureId: string } | { kind: 'order'; order: string[] };

function send(carId: string, change: PictureChange): Promise<CarSavedResponse> {
  const params = { id: carId };
  switch (change.kind) {
    case 'add': {
      const form = new FormData();
      form.append('image', change.file);
      return callApi('addCarPicture', { params, form });
    }
    case 'remove':
      return callApi('deleteCarPicture', { params: { ...params, pictureId: change.pictureId } });
    case 'order':
      return callApi('orderCarPictures', { params, body: { order: change.order } });
  }
}

/** One mutation for every change, so the buttons wait for one change before the next (the server refuses a stale order). */
export function useCarPictureChange(carId: string) {
  const queryClient = useQueryClient();
  const refreshElsewhere = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: backOfficeKeys.cars }),
      queryClient.invalidateQueries({ queryKey: queryKeys.cars }),
      queryClient.invalidateQueries({ queryKey: ['car'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]);
  return useMutation({
    mutationFn: (change: PictureChange) => send(carId, change),
    onSuccess: (data) => {
      toast.success(data.message);
      // The form page reads the car once (it must not overwrite what the owner typed); its pictures come from here.
      queryClient.setQueryData(backOfficeKeys.car(carId), { success: true as const, car: data.car });
      return refreshElsewhere();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      // Changed meanwhile (another owner, another tab): show the pictures as they are now.
      return queryClient.invalidateQueries({ queryKey: backOfficeKeys.car(carId) });
    },
  });
}
