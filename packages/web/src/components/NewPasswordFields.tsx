import { MIN_PASSWORD_LENGTH } from '@rental/contract/constants';
import { FormField, controlProps } from './FormField';

/** The ids of the two boxes, for a form that moves the focus to the first with a problem. */
export const newPasswordIds = (idBase: string) => ({ password: `${idBase}-password`, repeated: `${idBase}-repeated` });

/**
 * The two boxes of a password being chosen (creating an account, setting up the owner, a reset
 * link, My Account): the password with its rule, and the same again. The form checks the pair
 * with the contract's passwordPairProblems and passes its sentences in `problems`.
 */
export function NewPasswordFields({
  idBase,
  label,
  password,
  repeated,
  onPassword,
  onRepeated,
  problems = {},
  hint = '',
}: {
  idBase: string;
  /** "Password", "New password"; the second box reads "<label> again". */
  label: string;
  password: string;
  repeated: string;
  onPassword: (value: string) => void;
  onRepeated: (value: string) => void;
  problems?: { password?: string; repeated?: string };
  /** Said after the length rule ("Other devices will ask you to log in again."). */
  hint?: string;
}) {
  const ids = newPasswordIds(idBase);
  const rule = `At least ${MIN_PASSWORD_LENGTH} characters.${hint ? ` ${hint}` : ''}`;
  return (
    <>
      <FormField id={ids.password} label={label} error={problems.password} hint={rule}>
        <input
          {...controlProps(ids.password, problems.password, { hint: rule })}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
      </FormField>
      <FormField id={ids.repeated} label={`${label} again`} error={problems.repeated}>
        <input
          {...controlProps(ids.repeated, problems.repeated)}
          type="password"
          autoComplete="new-password"
          required
          value={repeated}
          onChange={(e) => onRepeated(e.target.value)}
        />
      </FormField>
    </>
  );
}
