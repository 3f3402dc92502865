import { useNavigate } from 'react-router';
import { useSession } from './useSession';

/**
 * After an answer that opens a staff account (the owner's setup, an accepted invitation): logged in
 * with its token and straight into the staff area, replacing the one-time form in the history so
 * Back does not return to a link that no longer works.
 */
export function useEnterStaffArea(): (answer: { token: string }) => void {
  const { login } = useSession();
  const navigate = useNavigate();
  return (answer) => {
    login(answer.token);
    navigate('/owner', { replace: true });
  };
}
