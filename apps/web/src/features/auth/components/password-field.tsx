import { PasswordInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts';

export interface NewPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A new password's field: the rule under it (12 characters, not a common or breached password). */
export function NewPasswordField({ value, onChange, error, disabled }: NewPasswordFieldProps) {
  return (
    <PasswordInput
      label="New password"
      name="new-password"
      autoComplete="new-password"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={`At least ${PASSWORD_MIN_LENGTH} characters; a passphrase of a few unrelated words works well. Common or breached passwords are refused.`}
      error={error}
      disabled={disabled}
      data-autofocus
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
    />
  );
}
