import { MIN_PASSWORD_LENGTH } from '@rental/contract/constants';

/** The two boxes of a password being chosen: the password with its rule, and the same again. */
export function NewPasswordFields({
  idBase,
  label,
  password,
  repeated,
  onPassword,
  onRepeated,
}: {
  idBase: string;
  /** "Password", "New password"; the second box reads "<label> again". */
  label: string;
  password: string;
  repeated: string;
  onPassword: (value: string) => void;
  onRepeated: (value: string) => void;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idBase}-password`} className="field-label">
          {label}
        </label>
        <input
          id={`${idBase}-password`}
          className="field-input"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          aria-describedby={`${idBase}-password-hint`}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
        <p id={`${idBase}-password-hint`} className="mt-1 text-xs text-slate-500">
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
      </div>
      <div>
        <label htmlFor={`${idBase}-repeated`} className="field-label">
          {label} again
        </label>
        <input
          id={`${idBase}-repeated`}
          className="field-input"
          type="password"
          autoComplete="new-password"
          required
          value={repeated}
          onChange={(e) => onRepeated(e.target.value)}
        />
      </div>
    </>
  );
}
