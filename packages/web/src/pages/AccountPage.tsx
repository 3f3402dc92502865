import { AccountForms } from '../features/account/AccountForms';
import { usePageMeta } from '../lib/usePageMeta';

export default function AccountPage() {
  usePageMeta('My Account', 'Change your name, phone number and password, give your driver details and documents, or delete your account.');
  return <AccountForms />;
}
