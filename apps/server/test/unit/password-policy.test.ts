import { describe, expect, it } from 'vitest';
import { userMessages } from '@portal/contracts';
import { passwordProblem } from '../../src/accounts/password-policy';

describe('password policy (issue 23 §2, ASVS 2.1.1, 2.1.7)', () => {
  it('refuses passwords under 12 characters, such as the demo password', () => {
    expect(passwordProblem('demo1234')).toBe(userMessages.passwordTooShort);
    expect(passwordProblem('Xk9!q2#Lm4z')).toBe(userMessages.passwordTooShort);
  });

  it('refuses a password of the shipped breached-password list, whatever its case', () => {
    expect(passwordProblem('1q2w3e4r5t6y')).toBe(userMessages.passwordBreached);
    expect(passwordProblem('QWERTY123456')).toBe(userMessages.passwordBreached);
    expect(passwordProblem('iloveyou12345')).toBe(userMessages.passwordBreached);
    expect(passwordProblem('password1234')).toBe(userMessages.passwordBreached);
  });

  it('refuses repeats, sequences and the user’s own email or name', () => {
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).not.toBeNull();
    expect(passwordProblem('abcdefghijklmnop')).not.toBeNull();
    expect(passwordProblem('zeldakowalski', ['zelda.kowalski@dealer.test', 'Zelda Kowalski'])).toBe(
      userMessages.passwordGuessable,
    );
  });

  it('accepts long unusual passwords and passphrases', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('kX9#mq2!vL7pRz')).toBeNull();
    expect(passwordProblem('Tangerine-Mailbox-Orbit-42')).toBeNull();
  });
});
