import { AccountForms } from '../features/account/AccountForms';
import { usePageMeta } from '../lib/usePageMeta';

export default function AccountPage() {
  usePageMeta('My Account', 'Change your name, phone number and password.');
  return <AccountForms />;
}
