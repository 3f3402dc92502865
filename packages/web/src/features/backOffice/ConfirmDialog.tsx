/** The question before a change that cannot be taken back: shared with the customer's pages, so it lives in components/. */
export { ConfirmDialog, type ConfirmDialogProps } from '../../components/ConfirmDialog';
