/** The staff forms use the site's one field component (components/FormField.tsx). */
export { FormField, controlProps } from '../../components/FormField';
