import { MESSAGES } from '@rental/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from '../../lib/toast';
import { useNavigate } from 'react-router';
import { callApi, errorMessage } from '../../api/client';
import { queryKeys } from '../../lib/queryKeys';

/** One car for the detail and payment pages; if it cannot be loaded the customer goes back to the list. */
export function useCar(id: string) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: queryKeys.car(id),
    queryFn: () => callApi('car', { params: { id } }),
    select: (data) => data.car,
  });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    toast.error(errorMessage(error, MESSAGES.errorFetchingCar), { id: 'car-load' });
    navigate('/cars', { replace: true });
  }, [error, navigate]);
  return query;
}
